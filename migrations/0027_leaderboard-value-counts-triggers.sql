-- Decision 211: statement triggers keep, for the all-time rows, how many hold each value in each
-- percentile group (metric, level, position, class), per exact value and per whole number (the floor):
-- one grouped upsert per statement, keys in a fixed order (as the slice counts of decision 182); a value
-- no row holds any more is dropped (found by the partial index on rows = 0).
CREATE FUNCTION "leaderboard_value_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leaderboard_value_counts AS c (metric_type, level, position_id, graduation_year, whole, metric_value, rows)
      SELECT metric_type, level, position_id, graduation_year, g.whole,
        CASE WHEN g.whole THEN floor(metric_value) ELSE metric_value END, count(*)::int
      FROM new_rows CROSS JOIN (VALUES (false), (true)) g(whole)
      WHERE is_all_time GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT leaderboard_value_counts_key DO UPDATE SET rows = c.rows + excluded.rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO leaderboard_value_counts AS c (metric_type, level, position_id, graduation_year, whole, metric_value, rows)
      SELECT metric_type, level, position_id, graduation_year, g.whole,
        CASE WHEN g.whole THEN floor(metric_value) ELSE metric_value END, -count(*)::int
      FROM old_rows CROSS JOIN (VALUES (false), (true)) g(whole)
      WHERE is_all_time GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT leaderboard_value_counts_key DO UPDATE SET rows = c.rows + excluded.rows;
  ELSE
    INSERT INTO leaderboard_value_counts AS c (metric_type, level, position_id, graduation_year, whole, metric_value, rows)
      SELECT metric_type, level, position_id, graduation_year, g.whole,
        CASE WHEN g.whole THEN floor(metric_value) ELSE metric_value END, sum(d)::int
      FROM (
        SELECT metric_type, level, position_id, graduation_year, metric_value, -1 AS d FROM old_rows WHERE is_all_time
        UNION ALL
        SELECT metric_type, level, position_id, graduation_year, metric_value, 1 FROM new_rows WHERE is_all_time
      ) moved CROSS JOIN (VALUES (false), (true)) g(whole)
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT leaderboard_value_counts_key DO UPDATE SET rows = c.rows + excluded.rows;
  END IF;
  DELETE FROM leaderboard_value_counts WHERE rows = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_value_counts_insert" AFTER INSERT ON "leaderboard"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_value_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_value_counts_delete" AFTER DELETE ON "leaderboard"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_value_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_value_counts_update" AFTER UPDATE ON "leaderboard"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_value_counts_apply();
--> statement-breakpoint
INSERT INTO "leaderboard_value_counts" (metric_type, level, position_id, graduation_year, whole, metric_value, rows)
  SELECT metric_type, level, position_id, graduation_year, g.whole,
    CASE WHEN g.whole THEN floor(metric_value) ELSE metric_value END, count(*)::int
  FROM leaderboard CROSS JOIN (VALUES (false), (true)) g(whole)
  WHERE is_all_time GROUP BY 1, 2, 3, 4, 5, 6;
