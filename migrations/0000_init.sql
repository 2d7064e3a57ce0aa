CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"path" text,
	"properties" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"iga_credits" integer DEFAULT 0 NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"stripe_customer_id" text,
	"stripe_customer_id_live" text,
	"has_active_subscription" boolean DEFAULT false NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" text,
	"email_verification_expires" timestamp with time zone,
	"first_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"login_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_credits_nonnegative" CHECK ("users"."credits" >= 0),
	CONSTRAINT "users_iga_credits_nonnegative" CHECK ("users"."iga_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"primary_position_id" integer NOT NULL,
	"secondary_position_id" integer,
	"level" text NOT NULL,
	"school" text NOT NULL,
	"graduation_year" integer NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"photo_url" text,
	"height_inches" integer NOT NULL,
	"weight" integer NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"county" text,
	"hudl_url" text,
	"facebook_url" text,
	"twitter_handle" text,
	"instagram_handle" text,
	"email" text,
	"phone" text,
	"phone_country_code" text,
	"gpa" numeric(3, 2),
	"sat_score" integer,
	"act_score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "positions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"alias" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_identity" UNIQUE("level","name","city","state")
);
--> statement-breakpoint
CREATE TABLE "analysis_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"user_id" integer,
	"analyst_id" integer,
	"hudl_url" text NOT NULL,
	"start_time" text,
	"season" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_type" text DEFAULT 'max_speed' NOT NULL,
	"position_id" integer,
	"max_speed" numeric(4, 1),
	"iga_score" numeric(4, 1),
	"processed_video_url" text,
	"rejection_reason" text,
	"analyst_comment" text,
	"credit_refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"metadata" jsonb
);
--> statement-breakpoint
CREATE TABLE "iga_submetrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"analysis_request_id" integer NOT NULL,
	"submetric_id" integer NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"percentile" integer DEFAULT 50 NOT NULL,
	"is_from_iga" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iga_submetrics_request_metric" UNIQUE("analysis_request_id","submetric_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_submetrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"submetric_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "position_submetrics_pair" UNIQUE("position_id","submetric_id")
);
--> statement-breakpoint
CREATE TABLE "submetrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"data_field" text,
	"description" text,
	"unit" text,
	"decimals" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submetrics_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"url" text NOT NULL,
	"storage_key" text,
	"thumbnail" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"max_speed" numeric(4, 1),
	"iga_score" numeric(4, 1),
	"distance" numeric(10, 2),
	"avg_transition" numeric(10, 2),
	"duration_seconds" numeric(10, 2),
	"position_id" integer,
	"season" integer,
	"analysis_request_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"amount" integer DEFAULT 0 NOT NULL,
	"iga_amount" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"plan_id" integer,
	"stripe_payment_intent_id" text,
	"stripe_payment_intent_id_live" text,
	"idempotency_key" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"stripe_payment_method_id" text,
	"stripe_payment_method_id_live" text,
	"type" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"brand" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_test_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"stars" integer DEFAULT 1 NOT NULL,
	"price_usd" numeric(10, 2) NOT NULL,
	"interval" text,
	"max_speed_videos_per_year" integer DEFAULT 0 NOT NULL,
	"video_storage_limit" integer DEFAULT 0 NOT NULL,
	"iga_per_year" integer DEFAULT 0 NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stripe_product_id" text,
	"stripe_price_id" text,
	"stripe_product_id_live" text,
	"stripe_price_id_live" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_code" text NOT NULL,
	"sender_id" integer,
	"receiver_first_name" text NOT NULL,
	"receiver_last_name" text NOT NULL,
	"receiver_email" text NOT NULL,
	"message" text,
	"stripe_coupon_id" text,
	"stripe_coupon_id_live" text,
	"stripe_promo_code_id" text,
	"stripe_promo_code_id_live" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"receiver_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"livemode" boolean DEFAULT false NOT NULL,
	"payload" jsonb,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"plan_id" integer,
	"stripe_subscription_id" text,
	"stripe_subscription_id_live" text,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "subscriptions_stripe_subscription_id_live_unique" UNIQUE("stripe_subscription_id_live")
);
--> statement-breakpoint
CREATE TABLE "leaderboard" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"position_id" integer,
	"metric_type" text NOT NULL,
	"metric_value" numeric(10, 2) NOT NULL,
	"season" integer,
	"is_all_time" boolean DEFAULT false NOT NULL,
	"level" text NOT NULL,
	"player_name" text NOT NULL,
	"graduation_year" integer,
	"school" text,
	"city" text,
	"county" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_identity" UNIQUE NULLS NOT DISTINCT("player_id","metric_type","season","is_all_time")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_primary_position_id_positions_id_fk" FOREIGN KEY ("primary_position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_secondary_position_id_positions_id_fk" FOREIGN KEY ("secondary_position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD CONSTRAINT "analysis_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD CONSTRAINT "analysis_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD CONSTRAINT "analysis_requests_analyst_id_users_id_fk" FOREIGN KEY ("analyst_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_requests" ADD CONSTRAINT "analysis_requests_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iga_submetrics" ADD CONSTRAINT "iga_submetrics_analysis_request_id_analysis_requests_id_fk" FOREIGN KEY ("analysis_request_id") REFERENCES "public"."analysis_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iga_submetrics" ADD CONSTRAINT "iga_submetrics_submetric_id_submetrics_id_fk" FOREIGN KEY ("submetric_id") REFERENCES "public"."submetrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_submetrics" ADD CONSTRAINT "position_submetrics_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_submetrics" ADD CONSTRAINT "position_submetrics_submetric_id_submetrics_id_fk" FOREIGN KEY ("submetric_id") REFERENCES "public"."submetrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_analysis_request_id_analysis_requests_id_fk" FOREIGN KEY ("analysis_request_id") REFERENCES "public"."analysis_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard" ADD CONSTRAINT "leaderboard_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard" ADD CONSTRAINT "leaderboard_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "players_user_idx" ON "players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "schools_level_name_prefix_idx" ON "schools" USING btree ("level",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "schools_name_trgm_idx" ON "schools" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schools_alias_trgm_idx" ON "schools" USING gin (lower("alias") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "analysis_requests_status_created_idx" ON "analysis_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "analysis_requests_player_idx" ON "analysis_requests" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "analysis_requests_completed_idx" ON "analysis_requests" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "videos_player_idx" ON "videos" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "credit_transactions_user_idx" ON "credit_transactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_test_objects_kind_idx" ON "payment_test_objects" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "referrals_sender_idx" ON "referrals" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_player_idx" ON "leaderboard" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "leaderboard_metric_idx" ON "leaderboard" USING btree ("metric_type");--> statement-breakpoint
CREATE INDEX "leaderboard_season_idx" ON "leaderboard" USING btree ("season");--> statement-breakpoint
CREATE INDEX "leaderboard_level_idx" ON "leaderboard" USING btree ("level");--> statement-breakpoint
CREATE INDEX "leaderboard_page_idx" ON "leaderboard" USING btree ("metric_type","level","is_all_time","season","metric_value" desc,"id");