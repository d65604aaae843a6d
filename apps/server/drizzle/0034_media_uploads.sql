ALTER TABLE "media_assets" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "progress" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "error" jsonb;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "original_filename" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_assets_status_idx" ON "media_assets" USING btree ("status");--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_status_check" CHECK ("media_assets"."status" in ('uploaded', 'transcoding', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_progress_check" CHECK ("media_assets"."progress" between 0 and 100);