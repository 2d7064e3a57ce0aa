CREATE TABLE "coach_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_user_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contact_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coach_mail_state" (
	"coach_user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"unsubscribed" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_search" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"position_id" integer,
	"level" text NOT NULL,
	"graduation_year" integer NOT NULL,
	"state" text,
	"school" text NOT NULL,
	"speed_mph" numeric(4, 1),
	"speed_plus_minus" numeric(4, 1),
	"speed_request_id" integer,
	"iga_score" numeric(10, 2),
	"iga_request_id" integer,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"coach_user_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_watchlist" (
	"coach_user_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"seen_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_watchlist_coach_user_id_player_id_pk" PRIMARY KEY("coach_user_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"domain_matched" boolean NOT NULL,
	"decline_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "college_athletics_domains" (
	"school_id" integer NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "college_athletics_domains_school_id_domain_pk" PRIMARY KEY("school_id","domain")
);
--> statement-breakpoint
CREATE TABLE "player_discovery" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"guardian_confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "ipeds_id" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_mail_state" ADD CONSTRAINT "coach_mail_state_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_saved_searches" ADD CONSTRAINT "coach_saved_searches_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_search" ADD CONSTRAINT "coach_search_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_search" ADD CONSTRAINT "coach_search_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_views" ADD CONSTRAINT "coach_views_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_views" ADD CONSTRAINT "coach_views_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_watchlist" ADD CONSTRAINT "coach_watchlist_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_watchlist" ADD CONSTRAINT "coach_watchlist_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_athletics_domains" ADD CONSTRAINT "college_athletics_domains_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_discovery" ADD CONSTRAINT "player_discovery_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_discovery" ADD CONSTRAINT "player_discovery_guardian_confirmed_by_users_id_fk" FOREIGN KEY ("guardian_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_connections_coach_idx" ON "coach_connections" USING btree ("coach_user_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_connections_player_idx" ON "coach_connections" USING btree ("player_id","coach_user_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_saved_searches_coach_idx" ON "coach_saved_searches" USING btree ("coach_user_id");--> statement-breakpoint
CREATE INDEX "coach_search_speed_idx" ON "coach_search" USING btree (coalesce("speed_mph", -1),"player_id");--> statement-breakpoint
CREATE INDEX "coach_search_iga_idx" ON "coach_search" USING btree (coalesce("iga_score", -1),"player_id");--> statement-breakpoint
CREATE INDEX "coach_search_class_idx" ON "coach_search" USING btree ("graduation_year","player_id");--> statement-breakpoint
CREATE INDEX "coach_search_recent_idx" ON "coach_search" USING btree ("verified_at","player_id");--> statement-breakpoint
CREATE INDEX "coach_views_player_idx" ON "coach_views" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coaches_user_idx" ON "coaches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coaches_status_idx" ON "coaches" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "schools_ipeds_idx" ON "schools" USING btree ("ipeds_id");