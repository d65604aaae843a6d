CREATE TABLE "speaker_follows" (
	"user_id" integer NOT NULL,
	"speaker_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speaker_follows_user_id_speaker_id_pk" PRIMARY KEY("user_id","speaker_id")
);
--> statement-breakpoint
ALTER TABLE "speaker_follows" ADD CONSTRAINT "speaker_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_follows" ADD CONSTRAINT "speaker_follows_speaker_id_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speaker_follows_speaker_idx" ON "speaker_follows" USING btree ("speaker_id");