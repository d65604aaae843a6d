CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The word list is filled by the indexer: empty the index so the server rebuilds it at start.
TRUNCATE "search_terms", "search_documents", "search_buckets" RESTART IDENTITY;
