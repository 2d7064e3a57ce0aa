ALTER TABLE "coach_search" ADD COLUMN "forty_seconds" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "coach_search" ADD COLUMN "forty_plus_minus" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "coach_search" ADD COLUMN "forty_request_id" integer;--> statement-breakpoint
CREATE INDEX "coach_search_forty_idx" ON "coach_search" USING btree (coalesce("forty_seconds", 999),"player_id");