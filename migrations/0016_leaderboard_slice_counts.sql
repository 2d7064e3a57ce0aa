CREATE TABLE "leaderboard_slice_counts" (
	"metric_type" text NOT NULL,
	"level" text NOT NULL,
	"is_all_time" boolean NOT NULL,
	"season" integer,
	"rows" integer NOT NULL,
	CONSTRAINT "leaderboard_slice_counts_key" UNIQUE NULLS NOT DISTINCT("metric_type","level","is_all_time","season")
);
--> statement-breakpoint
-- Decision 182: statement triggers keep the count of each slice; one grouped upsert per statement, keys in a fixed order.
CREATE FUNCTION "leaderboard_slice_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leaderboard_slice_counts AS c (metric_type, level, is_all_time, season, rows)
      SELECT metric_type, level, is_all_time, season, count(*)::int FROM new_rows
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT leaderboard_slice_counts_key DO UPDATE SET rows = c.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO leaderboard_slice_counts AS c (metric_type, level, is_all_time, season, rows)
      SELECT metric_type, level, is_all_time, season, -count(*)::int FROM old_rows
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT leaderboard_slice_counts_key DO UPDATE SET rows = c.rows + excluded.rows;
  ELSE
    INSERT INTO leaderboard_slice_counts AS c (metric_type, level, is_all_time, season, rows)
      SELECT metric_type, level, is_all_time, season, sum(d)::int FROM (
        SELECT metric_type, level, is_all_time, season, -1 AS d FROM old_rows
        UNION ALL
        SELECT metric_type, level, is_all_time, season, 1 FROM new_rows
      ) moved
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT leaderboard_slice_counts_key DO UPDATE SET rows = c.rows + excluded.rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_slice_counts_insert" AFTER INSERT ON "leaderboard"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_slice_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_slice_counts_delete" AFTER DELETE ON "leaderboard"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_slice_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_slice_counts_update" AFTER UPDATE ON "leaderboard"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_slice_counts_apply();
--> statement-breakpoint
INSERT INTO "leaderboard_slice_counts" (metric_type, level, is_all_time, season, rows)
  SELECT metric_type, level, is_all_time, season, count(*)::int FROM leaderboard GROUP BY 1, 2, 3, 4;
