CREATE SEQUENCE "search_generation" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "search_changes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "search_changes" CASCADE;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "title_key_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "title_key_en" text;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "written_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "search_documents_body_tsv_idx" ON "search_documents" USING gin ("body_tsv");--> statement-breakpoint
CREATE INDEX "search_documents_rank_idx" ON "search_documents" USING btree ("boost" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "search_documents"."visible_from" is not null;--> statement-breakpoint
CREATE INDEX "search_documents_module_rank_idx" ON "search_documents" USING btree ("module","boost" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "search_documents"."visible_from" is not null;--> statement-breakpoint
CREATE INDEX "search_documents_title_key_zh_idx" ON "search_documents" USING btree ("title_key_zh" text_pattern_ops) WHERE "search_documents"."visible_from" is not null;--> statement-breakpoint
CREATE INDEX "search_documents_title_key_en_idx" ON "search_documents" USING btree ("title_key_en" text_pattern_ops) WHERE "search_documents"."visible_from" is not null;--> statement-breakpoint
ALTER TABLE "search_documents" DROP COLUMN "visible";