ALTER TABLE "lives" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "push_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "rotated_at" timestamp with time zone;