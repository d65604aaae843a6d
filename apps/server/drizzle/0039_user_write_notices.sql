-- Every committed write to a row that belongs to a user tells the API processes which user it
-- was (decision record 0076): the personal answers they keep for that user are dropped at once,
-- whoever wrote (a request, a job, a payment notification, another process, psql). The notice
-- rides the bus's channel (lib/bus.ts: medportal_bus, or medportal_bus_<schema> in a schema of
-- its own) in the bus's envelope; PostgreSQL sends it after the commit, once per user and
-- transaction. Access tokens and sessions are left out: no answer shows them, and the token is
-- checked before any kept answer is served.
CREATE OR REPLACE FUNCTION "medportal_user_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'medportal_bus' ELSE 'medportal_bus_' || TG_TABLE_SCHEMA END;
  before_id text;
  after_id text;
BEGIN
  IF TG_OP <> 'INSERT' THEN before_id := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'DELETE' THEN after_id := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF before_id IS NOT NULL THEN
    PERFORM pg_notify(channel, '{"p":"db","c":"user-write","m":"' || before_id || '"}');
  END IF;
  IF after_id IS NOT NULL AND after_id IS DISTINCT FROM before_id THEN
    PERFORM pg_notify(channel, '{"p":"db","c":"user-write","m":"' || after_id || '"}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_user_write" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('id');
--> statement-breakpoint
CREATE TRIGGER "attendance_evidence_user_write" AFTER INSERT OR UPDATE OR DELETE ON "attendance_evidence" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "attendance_sessions_user_write" AFTER INSERT OR UPDATE OR DELETE ON "attendance_sessions" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "attendance_slots_user_write" AFTER INSERT OR UPDATE OR DELETE ON "attendance_slots" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "bank_cards_user_write" AFTER INSERT OR UPDATE OR DELETE ON "bank_cards" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "calendar_feed_tokens_user_write" AFTER INSERT OR UPDATE OR DELETE ON "calendar_feed_tokens" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "cert_id_cards_user_write" AFTER INSERT OR UPDATE OR DELETE ON "cert_id_cards" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "certificates_user_write" AFTER INSERT OR UPDATE OR DELETE ON "certificates" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "chapter_progress_user_write" AFTER INSERT OR UPDATE OR DELETE ON "chapter_progress" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "column_subscriptions_user_write" AFTER INSERT OR UPDATE OR DELETE ON "column_subscriptions" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "congress_favorites_user_write" AFTER INSERT OR UPDATE OR DELETE ON "congress_favorites" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "contact_messages_user_write" AFTER INSERT OR UPDATE OR DELETE ON "contact_messages" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "coupons_user_write" AFTER INSERT OR UPDATE OR DELETE ON "coupons" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "course_appraisals_user_write" AFTER INSERT OR UPDATE OR DELETE ON "course_appraisals" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "course_entitlements_user_write" AFTER INSERT OR UPDATE OR DELETE ON "course_entitlements" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "course_learners_user_write" AFTER INSERT OR UPDATE OR DELETE ON "course_learners" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "credit_claims_user_write" AFTER INSERT OR UPDATE OR DELETE ON "credit_claims" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "credit_evaluations_user_write" AFTER INSERT OR UPDATE OR DELETE ON "credit_evaluations" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "credit_progress_user_write" AFTER INSERT OR UPDATE OR DELETE ON "credit_progress" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "credit_test_attempts_user_write" AFTER INSERT OR UPDATE OR DELETE ON "credit_test_attempts" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_access_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_access" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_events_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_events" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_moderators_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_moderators" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_poll_voters_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_poll_voters" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_reminders_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_reminders" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_signs_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_signs" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_topic_likes_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_topic_likes" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "live_topics_user_write" AFTER INSERT OR UPDATE OR DELETE ON "live_topics" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "news_comments_user_write" AFTER INSERT OR UPDATE OR DELETE ON "news_comments" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "news_likes_user_write" AFTER INSERT OR UPDATE OR DELETE ON "news_likes" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "news_reads_user_write" AFTER INSERT OR UPDATE OR DELETE ON "news_reads" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "orders_user_write" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "presence_answers_user_write" AFTER INSERT OR UPDATE OR DELETE ON "presence_answers" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "score_logs_user_write" AFTER INSERT OR UPDATE OR DELETE ON "score_logs" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sign_ins_user_write" AFTER INSERT OR UPDATE OR DELETE ON "sign_ins" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "speaker_follows_user_write" AFTER INSERT OR UPDATE OR DELETE ON "speaker_follows" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "support_conversations_user_write" AFTER INSERT OR UPDATE OR DELETE ON "support_conversations" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "uploads_user_write" AFTER INSERT OR UPDATE OR DELETE ON "uploads" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_consents_user_write" AFTER INSERT OR UPDATE OR DELETE ON "user_consents" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_favorites_user_write" AFTER INSERT OR UPDATE OR DELETE ON "user_favorites" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_history_user_write" AFTER INSERT OR UPDATE OR DELETE ON "user_history" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_identities_user_write" AFTER INSERT OR UPDATE OR DELETE ON "user_identities" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_remind_settings_user_write" AFTER INSERT OR UPDATE OR DELETE ON "user_remind_settings" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_roles_user_write" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_user_write" AFTER INSERT OR UPDATE OR DELETE ON "wallet_transactions" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "wallets_user_write" AFTER INSERT OR UPDATE OR DELETE ON "wallets" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "watch_logs_user_write" AFTER INSERT OR UPDATE OR DELETE ON "watch_logs" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "withdrawals_user_write" AFTER INSERT OR UPDATE OR DELETE ON "withdrawals" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('user_id');
--> statement-breakpoint
CREATE TRIGGER "vouchers_user_write" AFTER INSERT OR UPDATE OR DELETE ON "vouchers" FOR EACH ROW EXECUTE FUNCTION "medportal_user_write"('redeemed_by');
