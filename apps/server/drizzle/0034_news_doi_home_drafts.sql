CREATE TABLE "home_drafts" (
	"id" integer PRIMARY KEY NOT NULL,
	"blocks" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "doi" text;--> statement-breakpoint
ALTER TABLE "home_drafts" ADD CONSTRAINT "home_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;