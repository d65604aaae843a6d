CREATE TABLE "user_consents" (
	"user_id" integer NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"ip" text,
	CONSTRAINT "user_consents_user_id_document_version_pk" PRIMARY KEY("user_id","document","version")
);
--> statement-breakpoint
ALTER TABLE "wechat_logins" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;