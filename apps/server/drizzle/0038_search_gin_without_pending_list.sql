DROP INDEX "search_documents_title_tsv_idx";--> statement-breakpoint
DROP INDEX "search_documents_body_tsv_idx";--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_documents_body_tsv_idx" ON "search_documents" USING gin ("body_tsv") WITH (fastupdate=false);