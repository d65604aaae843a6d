ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
-- The money console's operators become administrators of the whole console.
UPDATE "user_roles" SET "role" = 'administrator' WHERE "role" = 'operator';--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('administrator', 'editor', 'live_producer', 'moderator', 'finance', 'service'));