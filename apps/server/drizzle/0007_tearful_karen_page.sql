CREATE TYPE "special_item_module" AS ENUM('course', 'news', 'live', 'paper');--> statement-breakpoint
CREATE TABLE "special_items" (
	"special_id" integer NOT NULL,
	"module" "special_item_module" NOT NULL,
	"item_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "special_items_special_id_module_item_id_pk" PRIMARY KEY("special_id","module","item_id")
);
--> statement-breakpoint
ALTER TABLE "special_items" ADD CONSTRAINT "special_items_special_id_specials_id_fk" FOREIGN KEY ("special_id") REFERENCES "specials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "special_items_list_idx" ON "special_items" USING btree ("special_id","module","sort");