CREATE TABLE "leaderboard_value_counts" (
	"metric_type" text NOT NULL,
	"level" text NOT NULL,
	"position_id" integer,
	"graduation_year" integer,
	"whole" boolean NOT NULL,
	"metric_value" numeric(10, 2) NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "leaderboard_value_counts_key" UNIQUE NULLS NOT DISTINCT("metric_type","level","position_id","graduation_year","whole","metric_value")
);
--> statement-breakpoint
CREATE INDEX "leaderboard_value_counts_zero_idx" ON "leaderboard_value_counts" USING btree ("metric_type") WHERE "leaderboard_value_counts"."rows" = 0;