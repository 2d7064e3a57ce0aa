CREATE TABLE "forty_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"video_id" integer,
	"analyst_id" integer,
	"analyst_name" text NOT NULL,
	"seconds" numeric(5, 2) NOT NULL,
	"plus_minus" numeric(4, 2) NOT NULL,
	"method_label" text NOT NULL,
	"data" jsonb NOT NULL,
	"still_keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forty_receipts_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard" ALTER COLUMN "plus_minus" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "forty_receipts" ADD CONSTRAINT "forty_receipts_request_id_analysis_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."analysis_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forty_receipts" ADD CONSTRAINT "forty_receipts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forty_receipts" ADD CONSTRAINT "forty_receipts_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_page_asc_idx" ON "leaderboard" USING btree ("metric_type","level","is_all_time","season","metric_value","id") WHERE "leaderboard"."metric_type" = 'forty';