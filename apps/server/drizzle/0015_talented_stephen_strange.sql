ALTER TABLE "search_changes" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");