ALTER TABLE "live_reminders" ADD COLUMN "lang" text DEFAULT 'zh_CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_reminders" ADD COLUMN "timezone" text DEFAULT '+08:00' NOT NULL;