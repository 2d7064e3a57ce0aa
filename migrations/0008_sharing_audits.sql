CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"excluded_analyst_id" integer,
	"auditor_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"original_receipt_id" integer,
	"original_speed" numeric(4, 1) NOT NULL,
	"original_plus_minus" numeric(4, 1) NOT NULL,
	"audit_speed" numeric(4, 1),
	"audit_plus_minus" numeric(4, 1),
	"audit_method_label" text,
	"auditor_name" text,
	"audit_data" jsonb,
	"audit_still_keys" jsonb,
	"submitted_at" timestamp with time zone,
	"confirmed" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"slug" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"show" jsonb NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurement_audits" ADD CONSTRAINT "measurement_audits_request_id_analysis_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."analysis_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_audits" ADD CONSTRAINT "measurement_audits_excluded_analyst_id_users_id_fk" FOREIGN KEY ("excluded_analyst_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_audits" ADD CONSTRAINT "measurement_audits_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_audits" ADD CONSTRAINT "measurement_audits_original_receipt_id_measurement_receipts_id_fk" FOREIGN KEY ("original_receipt_id") REFERENCES "public"."measurement_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_audits" ADD CONSTRAINT "measurement_audits_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_shares" ADD CONSTRAINT "profile_shares_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_audits_request_idx" ON "measurement_audits" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "measurement_audits_status_idx" ON "measurement_audits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "measurement_audits_pending_idx" ON "measurement_audits" USING btree ("created_at") WHERE "measurement_audits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "profile_shares_slug_idx" ON "profile_shares" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_shares_player_idx" ON "profile_shares" USING btree ("player_id");