CREATE TABLE "coach_search_results" (
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(10, 3) NOT NULL,
	"plus_minus" numeric(10, 3) NOT NULL,
	"request_id" integer NOT NULL,
	CONSTRAINT "coach_search_results_player_id_kind_pk" PRIMARY KEY("player_id","kind")
);
--> statement-breakpoint
CREATE TABLE "kind_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"video_id" integer,
	"analyst_id" integer,
	"analyst_name" text NOT NULL,
	"value" numeric(10, 3) NOT NULL,
	"plus_minus" numeric(10, 3) NOT NULL,
	"method_label" text NOT NULL,
	"data" jsonb NOT NULL,
	"still_keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kind_receipts_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "coach_search_results" ADD CONSTRAINT "coach_search_results_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kind_receipts" ADD CONSTRAINT "kind_receipts_request_id_analysis_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."analysis_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kind_receipts" ADD CONSTRAINT "kind_receipts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kind_receipts" ADD CONSTRAINT "kind_receipts_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_search_results_value_idx" ON "coach_search_results" USING btree ("kind","value","player_id");--> statement-breakpoint
CREATE INDEX "kind_receipts_kind_idx" ON "kind_receipts" USING btree ("kind");