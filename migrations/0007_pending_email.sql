ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_expires" timestamp with time zone;