-- Every committed write to a row that belongs to a user tells the API processes which user it
-- was (decision record 0076): the personal answers they keep for that user are dropped at once,
-- whoever wrote (a request, a job, a payment notification, another process, psql). The notice
-- rides the bus's channel (lib/bus.ts: medportal_bus, or medportal_bus_<schema> in a schema of
-- its own) in the bus's envelope; PostgreSQL sends it after the commit, once per user and
-- transaction. Triggers per statement, so a bulk write sends one notice per user, not per row
-- (a trigger with transition tables takes one kind of statement: three per table), with static
-- SQL, whose plans are kept (EXECUTE planned each time: 1-2 ms more per write on PGlite).
-- Access tokens and sessions are left out: no answer shows them, and the token is checked before
-- any kept answer is served.
CREATE OR REPLACE FUNCTION "medportal_notify_users"("schema" text, "ids" text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  channel text := CASE WHEN "schema" = 'public' THEN 'medportal_bus' ELSE 'medportal_bus_' || "schema" END;
  id text;
BEGIN
  FOREACH id IN ARRAY coalesce("ids", '{}') LOOP
    IF id IS NOT NULL THEN
      PERFORM pg_notify(channel, '{"p":"db","c":"user-write","m":"' || id || '"}');
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "medportal_user_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "user_id"::text) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT u::text) INTO ids FROM (SELECT "user_id" AS u FROM new_rows UNION ALL SELECT "user_id" FROM old_rows) s;
  ELSE
    SELECT array_agg(DISTINCT "user_id"::text) INTO ids FROM old_rows;
  END IF;
  PERFORM "medportal_notify_users"(TG_TABLE_SCHEMA, ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "medportal_user_write_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "id"::text) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT u::text) INTO ids FROM (SELECT "id" AS u FROM new_rows UNION ALL SELECT "id" FROM old_rows) s;
  ELSE
    SELECT array_agg(DISTINCT "id"::text) INTO ids FROM old_rows;
  END IF;
  PERFORM "medportal_notify_users"(TG_TABLE_SCHEMA, ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "medportal_user_write_by_redeemer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "redeemed_by"::text) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT u::text) INTO ids FROM (SELECT "redeemed_by" AS u FROM new_rows UNION ALL SELECT "redeemed_by" FROM old_rows) s;
  ELSE
    SELECT array_agg(DISTINCT "redeemed_by"::text) INTO ids FROM old_rows;
  END IF;
  PERFORM "medportal_notify_users"(TG_TABLE_SCHEMA, ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_user_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write_by_id"();
--> statement-breakpoint
CREATE TRIGGER "users_user_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write_by_id"();
--> statement-breakpoint
CREATE TRIGGER "users_user_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write_by_id"();
--> statement-breakpoint
CREATE TRIGGER "attendance_evidence_user_insert" AFTER INSERT ON "attendance_evidence" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_evidence_user_update" AFTER UPDATE ON "attendance_evidence" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_evidence_user_delete" AFTER DELETE ON "attendance_evidence" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_sessions_user_insert" AFTER INSERT ON "attendance_sessions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_sessions_user_update" AFTER UPDATE ON "attendance_sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_sessions_user_delete" AFTER DELETE ON "attendance_sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_slots_user_insert" AFTER INSERT ON "attendance_slots" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_slots_user_update" AFTER UPDATE ON "attendance_slots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "attendance_slots_user_delete" AFTER DELETE ON "attendance_slots" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "bank_cards_user_insert" AFTER INSERT ON "bank_cards" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "bank_cards_user_update" AFTER UPDATE ON "bank_cards" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "bank_cards_user_delete" AFTER DELETE ON "bank_cards" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "calendar_feed_tokens_user_insert" AFTER INSERT ON "calendar_feed_tokens" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "calendar_feed_tokens_user_update" AFTER UPDATE ON "calendar_feed_tokens" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "calendar_feed_tokens_user_delete" AFTER DELETE ON "calendar_feed_tokens" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "cert_id_cards_user_insert" AFTER INSERT ON "cert_id_cards" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "cert_id_cards_user_update" AFTER UPDATE ON "cert_id_cards" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "cert_id_cards_user_delete" AFTER DELETE ON "cert_id_cards" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "certificates_user_insert" AFTER INSERT ON "certificates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "certificates_user_update" AFTER UPDATE ON "certificates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "certificates_user_delete" AFTER DELETE ON "certificates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "chapter_progress_user_insert" AFTER INSERT ON "chapter_progress" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "chapter_progress_user_update" AFTER UPDATE ON "chapter_progress" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "chapter_progress_user_delete" AFTER DELETE ON "chapter_progress" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "column_subscriptions_user_insert" AFTER INSERT ON "column_subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "column_subscriptions_user_update" AFTER UPDATE ON "column_subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "column_subscriptions_user_delete" AFTER DELETE ON "column_subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "congress_favorites_user_insert" AFTER INSERT ON "congress_favorites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "congress_favorites_user_update" AFTER UPDATE ON "congress_favorites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "congress_favorites_user_delete" AFTER DELETE ON "congress_favorites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "contact_messages_user_insert" AFTER INSERT ON "contact_messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "contact_messages_user_update" AFTER UPDATE ON "contact_messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "contact_messages_user_delete" AFTER DELETE ON "contact_messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "coupons_user_insert" AFTER INSERT ON "coupons" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "coupons_user_update" AFTER UPDATE ON "coupons" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "coupons_user_delete" AFTER DELETE ON "coupons" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_appraisals_user_insert" AFTER INSERT ON "course_appraisals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_appraisals_user_update" AFTER UPDATE ON "course_appraisals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_appraisals_user_delete" AFTER DELETE ON "course_appraisals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_entitlements_user_insert" AFTER INSERT ON "course_entitlements" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_entitlements_user_update" AFTER UPDATE ON "course_entitlements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_entitlements_user_delete" AFTER DELETE ON "course_entitlements" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_learners_user_insert" AFTER INSERT ON "course_learners" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_learners_user_update" AFTER UPDATE ON "course_learners" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "course_learners_user_delete" AFTER DELETE ON "course_learners" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_claims_user_insert" AFTER INSERT ON "credit_claims" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_claims_user_update" AFTER UPDATE ON "credit_claims" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_claims_user_delete" AFTER DELETE ON "credit_claims" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_evaluations_user_insert" AFTER INSERT ON "credit_evaluations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_evaluations_user_update" AFTER UPDATE ON "credit_evaluations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_evaluations_user_delete" AFTER DELETE ON "credit_evaluations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_progress_user_insert" AFTER INSERT ON "credit_progress" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_progress_user_update" AFTER UPDATE ON "credit_progress" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_progress_user_delete" AFTER DELETE ON "credit_progress" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_test_attempts_user_insert" AFTER INSERT ON "credit_test_attempts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_test_attempts_user_update" AFTER UPDATE ON "credit_test_attempts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "credit_test_attempts_user_delete" AFTER DELETE ON "credit_test_attempts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_access_user_insert" AFTER INSERT ON "live_access" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_access_user_update" AFTER UPDATE ON "live_access" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_access_user_delete" AFTER DELETE ON "live_access" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_events_user_insert" AFTER INSERT ON "live_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_events_user_update" AFTER UPDATE ON "live_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_events_user_delete" AFTER DELETE ON "live_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_moderators_user_insert" AFTER INSERT ON "live_moderators" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_moderators_user_update" AFTER UPDATE ON "live_moderators" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_moderators_user_delete" AFTER DELETE ON "live_moderators" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_poll_voters_user_insert" AFTER INSERT ON "live_poll_voters" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_poll_voters_user_update" AFTER UPDATE ON "live_poll_voters" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_poll_voters_user_delete" AFTER DELETE ON "live_poll_voters" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_reminders_user_insert" AFTER INSERT ON "live_reminders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_reminders_user_update" AFTER UPDATE ON "live_reminders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_reminders_user_delete" AFTER DELETE ON "live_reminders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_signs_user_insert" AFTER INSERT ON "live_signs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_signs_user_update" AFTER UPDATE ON "live_signs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_signs_user_delete" AFTER DELETE ON "live_signs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_topic_likes_user_insert" AFTER INSERT ON "live_topic_likes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_topic_likes_user_update" AFTER UPDATE ON "live_topic_likes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_topic_likes_user_delete" AFTER DELETE ON "live_topic_likes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_topics_user_insert" AFTER INSERT ON "live_topics" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_topics_user_update" AFTER UPDATE ON "live_topics" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "live_topics_user_delete" AFTER DELETE ON "live_topics" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_comments_user_insert" AFTER INSERT ON "news_comments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_comments_user_update" AFTER UPDATE ON "news_comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_comments_user_delete" AFTER DELETE ON "news_comments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_likes_user_insert" AFTER INSERT ON "news_likes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_likes_user_update" AFTER UPDATE ON "news_likes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_likes_user_delete" AFTER DELETE ON "news_likes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_reads_user_insert" AFTER INSERT ON "news_reads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_reads_user_update" AFTER UPDATE ON "news_reads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "news_reads_user_delete" AFTER DELETE ON "news_reads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "orders_user_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "orders_user_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "orders_user_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "presence_answers_user_insert" AFTER INSERT ON "presence_answers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "presence_answers_user_update" AFTER UPDATE ON "presence_answers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "presence_answers_user_delete" AFTER DELETE ON "presence_answers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "score_logs_user_insert" AFTER INSERT ON "score_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "score_logs_user_update" AFTER UPDATE ON "score_logs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "score_logs_user_delete" AFTER DELETE ON "score_logs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "sign_ins_user_insert" AFTER INSERT ON "sign_ins" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "sign_ins_user_update" AFTER UPDATE ON "sign_ins" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "sign_ins_user_delete" AFTER DELETE ON "sign_ins" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "speaker_follows_user_insert" AFTER INSERT ON "speaker_follows" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "speaker_follows_user_update" AFTER UPDATE ON "speaker_follows" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "speaker_follows_user_delete" AFTER DELETE ON "speaker_follows" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "support_conversations_user_insert" AFTER INSERT ON "support_conversations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "support_conversations_user_update" AFTER UPDATE ON "support_conversations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "support_conversations_user_delete" AFTER DELETE ON "support_conversations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "uploads_user_insert" AFTER INSERT ON "uploads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "uploads_user_update" AFTER UPDATE ON "uploads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "uploads_user_delete" AFTER DELETE ON "uploads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_consents_user_insert" AFTER INSERT ON "user_consents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_consents_user_update" AFTER UPDATE ON "user_consents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_consents_user_delete" AFTER DELETE ON "user_consents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_favorites_user_insert" AFTER INSERT ON "user_favorites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_favorites_user_update" AFTER UPDATE ON "user_favorites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_favorites_user_delete" AFTER DELETE ON "user_favorites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_history_user_insert" AFTER INSERT ON "user_history" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_history_user_update" AFTER UPDATE ON "user_history" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_history_user_delete" AFTER DELETE ON "user_history" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_identities_user_insert" AFTER INSERT ON "user_identities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_identities_user_update" AFTER UPDATE ON "user_identities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_identities_user_delete" AFTER DELETE ON "user_identities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_remind_settings_user_insert" AFTER INSERT ON "user_remind_settings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_remind_settings_user_update" AFTER UPDATE ON "user_remind_settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_remind_settings_user_delete" AFTER DELETE ON "user_remind_settings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_user_insert" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_user_update" AFTER UPDATE ON "user_roles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_user_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_user_insert" AFTER INSERT ON "wallet_transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_user_update" AFTER UPDATE ON "wallet_transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_user_delete" AFTER DELETE ON "wallet_transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "wallets_user_insert" AFTER INSERT ON "wallets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "wallets_user_update" AFTER UPDATE ON "wallets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "wallets_user_delete" AFTER DELETE ON "wallets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "watch_logs_user_insert" AFTER INSERT ON "watch_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "watch_logs_user_update" AFTER UPDATE ON "watch_logs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "watch_logs_user_delete" AFTER DELETE ON "watch_logs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "withdrawals_user_insert" AFTER INSERT ON "withdrawals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "withdrawals_user_update" AFTER UPDATE ON "withdrawals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "withdrawals_user_delete" AFTER DELETE ON "withdrawals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_user_insert" AFTER INSERT ON "vouchers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write_by_redeemer"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_user_update" AFTER UPDATE ON "vouchers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write_by_redeemer"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_user_delete" AFTER DELETE ON "vouchers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "medportal_user_write_by_redeemer"();
