-- Index rows written before bucket and module tokens existed cannot be found by bucket rounds:
-- empty the index (the server rebuilds it at start, ensureSearchIndex) before its indexes change.
TRUNCATE "search_terms", "search_documents" RESTART IDENTITY;--> statement-breakpoint
CREATE TABLE "search_buckets" (
	"module" text NOT NULL,
	"bucket" integer NOT NULL,
	"docs" integer NOT NULL,
	CONSTRAINT "search_buckets_module_bucket_pk" PRIMARY KEY("module","bucket")
);
--> statement-breakpoint
DROP INDEX "search_documents_boost_idx";--> statement-breakpoint
DROP INDEX "search_documents_module_boost_idx";--> statement-breakpoint
DROP INDEX "search_documents_title_tsv_idx";--> statement-breakpoint
DROP INDEX "search_documents_body_tsv_idx";--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv") WITH (fastupdate=false) WHERE "search_documents"."visible";--> statement-breakpoint
CREATE INDEX "search_documents_body_tsv_idx" ON "search_documents" USING gin ("body_tsv") WITH (fastupdate=false) WHERE "search_documents"."visible";