ALTER TABLE "videos" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "unreadable_at" timestamp with time zone;