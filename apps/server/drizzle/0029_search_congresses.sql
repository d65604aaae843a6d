ALTER TABLE "search_documents" DROP CONSTRAINT "search_documents_module_check";--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "event" jsonb;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_module_check" CHECK ("search_documents"."module" in ('course', 'live', 'news', 'speaker', 'paper', 'column', 'congress'));