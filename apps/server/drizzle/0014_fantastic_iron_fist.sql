CREATE TABLE "search_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"module" text NOT NULL,
	"item_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "search_buckets" CASCADE;--> statement-breakpoint
DROP TABLE "search_terms" CASCADE;--> statement-breakpoint
DROP TABLE "search_words" CASCADE;--> statement-breakpoint
DROP INDEX "search_documents_title_tsv_idx";--> statement-breakpoint
DROP INDEX "search_documents_body_tsv_idx";--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
-- Vectors now hold every Han character of bodies and no bucket or module tokens: the server
-- rebuilds the index at its next start.
TRUNCATE "search_documents" RESTART IDENTITY;
