-- Decision 227 (issue 30): a public profile's view count moves to a table of its own, which the write clock
-- does not watch (no notify trigger: server/db/write-clock.ts UNWATCHED_TABLES). Visits are flushed every
-- few seconds; as a column of profile_shares each flush was a write to a table the kept public pages, the
-- leaderboard and the coach search read, and dropped them all.
CREATE TABLE "profile_share_views" (
	"share_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_share_views" ADD CONSTRAINT "profile_share_views_share_id_profile_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."profile_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "profile_share_views" ("share_id", "count")
  SELECT "id", "view_count" FROM "profile_shares" WHERE "view_count" > 0;
--> statement-breakpoint
ALTER TABLE "profile_shares" DROP COLUMN "view_count";
--> statement-breakpoint
-- A statement that wrote no row notifies nothing: an upsert fires the statement triggers of both INSERT and
-- UPDATE, and the branch it did not take would otherwise name no row, which counts as a write to them all.
CREATE OR REPLACE FUNCTION "va_notify_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text := TG_TABLE_NAME || ' ' || lower(TG_OP);
  col text;
  n int;
  v text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  FOREACH col IN ARRAY TG_ARGV LOOP
    IF TG_OP = 'INSERT' THEN
      SELECT count(DISTINCT x), min(x) INTO n, v FROM (SELECT to_jsonb(r) ->> col AS x FROM new_rows r) s;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT count(DISTINCT x), min(x) INTO n, v FROM (SELECT to_jsonb(r) ->> col AS x FROM old_rows r) s;
    ELSE
      SELECT count(DISTINCT x), min(x) INTO n, v FROM (
        SELECT to_jsonb(r) ->> col AS x FROM old_rows r
        UNION ALL
        SELECT to_jsonb(r) ->> col FROM new_rows r
      ) s;
    END IF;
    IF n = 1 AND position(' ' in v) = 0 THEN
      payload := payload || ' ' || col || '=' || v;
    END IF;
  END LOOP;
  PERFORM pg_notify('va_writes', payload);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Another process's write to profile_shares names the player whose link it wrote ('profile_shares update
-- player_id=12'), as players and users name theirs (migration 0037): a kept public page reads one player's link.
DROP TRIGGER "profile_shares_notify_writes" ON "profile_shares";
--> statement-breakpoint
CREATE TRIGGER "profile_shares_notify_writes" AFTER TRUNCATE ON "profile_shares"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "profile_shares_notify_inserts" AFTER INSERT ON "profile_shares" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('player_id');
--> statement-breakpoint
CREATE TRIGGER "profile_shares_notify_updates" AFTER UPDATE ON "profile_shares" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('player_id');
--> statement-breakpoint
CREATE TRIGGER "profile_shares_notify_deletes" AFTER DELETE ON "profile_shares" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('player_id');
