ALTER TABLE "video_media" ADD COLUMN "repeated_frames" jsonb;--> statement-breakpoint
ALTER TABLE "video_media" ADD COLUMN "capture_fps" numeric(8, 3);