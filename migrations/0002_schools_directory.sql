CREATE TABLE "reference_data" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "school_city" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "school_state" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "school_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "schools_search_prefix_idx" ON "schools" USING btree ("level","search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "schools_search_trgm_idx" ON "schools" USING gin ("search_text" gin_trgm_ops);