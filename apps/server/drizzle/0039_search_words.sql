CREATE TABLE "search_words" (
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The words of the documents already indexed (Han lexemes left out; a word wrongly kept is harmless).
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "search_documents" d, unnest(tsvector_to_array(d."title_tsv" || d."body_tsv")) w
  WHERE w !~ '[㐀-䶿一-鿿豈-﫿]'
  ON CONFLICT DO NOTHING;
