CREATE TABLE "measurement_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"video_id" integer,
	"analyst_id" integer,
	"analyst_name" text NOT NULL,
	"max_speed" numeric(4, 1) NOT NULL,
	"plus_minus" numeric(4, 1) NOT NULL,
	"method_label" text NOT NULL,
	"override_reason" text,
	"data" jsonb NOT NULL,
	"still_keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_receipts_revision" UNIQUE("request_id","revision")
);
--> statement-breakpoint
CREATE TABLE "video_media" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"sha256" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"codec" text DEFAULT '' NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"time_base" text DEFAULT '1/1' NOT NULL,
	"nominal_fps" text DEFAULT '0/1' NOT NULL,
	"average_fps" text DEFAULT '0/1' NOT NULL,
	"frame_count" integer DEFAULT 0 NOT NULL,
	"duration_seconds" numeric(12, 4) DEFAULT 0 NOT NULL,
	"variable_frame_rate" boolean DEFAULT false NOT NULL,
	"frame_ticks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"working_key" text,
	"working_sha256" text,
	"working_codec" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD COLUMN "source_video_id" integer;--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD COLUMN "max_speed_plus_minus" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD COLUMN "method_label" text;--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "max_speed_plus_minus" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "method_label" text;--> statement-breakpoint
ALTER TABLE "leaderboard" ADD COLUMN "plus_minus" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "leaderboard" ADD COLUMN "method_label" text;--> statement-breakpoint
ALTER TABLE "measurement_receipts" ADD CONSTRAINT "measurement_receipts_request_id_analysis_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."analysis_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_receipts" ADD CONSTRAINT "measurement_receipts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_receipts" ADD CONSTRAINT "measurement_receipts_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_media" ADD CONSTRAINT "video_media_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_receipts_video_idx" ON "measurement_receipts" USING btree ("video_id");--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD CONSTRAINT "analysis_requests_source_video_id_videos_id_fk" FOREIGN KEY ("source_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;