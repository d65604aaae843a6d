-- Every vector holds its module's facet (`_news`), so a tab's search is narrowed inside the GIN
-- index (decision record 0073); rows written from now on get it from the indexer. The GIN indexes
-- are built again after the update: updating every row through them is many times slower.
DROP INDEX "search_documents_title_tsv_idx";--> statement-breakpoint
DROP INDEX "search_documents_body_tsv_idx";--> statement-breakpoint
UPDATE "search_documents" SET
  "title_tsv" = "title_tsv" || array_to_tsvector(ARRAY['_' || "module"]),
  "body_tsv" = "body_tsv" || array_to_tsvector(ARRAY['_' || "module"])
WHERE NOT "title_tsv" @@ ('''_' || "module" || '''')::tsquery;--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_documents_body_tsv_idx" ON "search_documents" USING gin ("body_tsv") WITH (fastupdate=false);
