-- Decision 215 (issue 30): every page of a player's library shows the stats of the whole library. They are
-- kept here by statement triggers on videos, so a page reads one row instead of every video. A write counts
-- its players' videos again (a maximum cannot be kept by adding and subtracting): one writer per player at a
-- time (an advisory lock, in player order), and the count runs after the lock on a fresh snapshot, so it sees
-- every video committed before the lock was granted (READ COMMITTED, which is what the app runs).
CREATE FUNCTION "player_video_stats_recount"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(215, x.id) FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) x;
  DELETE FROM player_video_stats s WHERE s.player_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM videos v WHERE v.player_id = s.player_id);
  INSERT INTO player_video_stats AS s (player_id, highest_speed, highest_iga_score, total_videos, ready_videos)
    SELECT v.player_id, max(v.max_speed) FILTER (WHERE v.status = 'ready'),
      max(v.iga_score) FILTER (WHERE v.status = 'ready'), count(*)::int,
      (count(*) FILTER (WHERE v.status = 'ready'))::int
    FROM videos v WHERE v.player_id = ANY(ids) GROUP BY v.player_id ORDER BY v.player_id
    ON CONFLICT (player_id) DO UPDATE SET highest_speed = excluded.highest_speed,
      highest_iga_score = excluded.highest_iga_score, total_videos = excluded.total_videos,
      ready_videos = excluded.ready_videos;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "player_video_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM player_video_stats_recount(ARRAY(SELECT DISTINCT player_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM player_video_stats_recount(ARRAY(SELECT DISTINCT player_id FROM old_rows));
  ELSE
    -- Only the rows whose counted fields changed (processing a video, a measurement).
    PERFORM player_video_stats_recount(ARRAY(
      SELECT o.player_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.player_id, o.status, o.max_speed, o.iga_score) IS DISTINCT FROM (n.player_id, n.status, n.max_speed, n.iga_score)
      UNION
      SELECT n.player_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.player_id, o.status, o.max_speed, o.iga_score) IS DISTINCT FROM (n.player_id, n.status, n.max_speed, n.iga_score)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "player_video_stats_insert" AFTER INSERT ON "videos"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_video_stats_apply();
--> statement-breakpoint
CREATE TRIGGER "player_video_stats_delete" AFTER DELETE ON "videos"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_video_stats_apply();
--> statement-breakpoint
CREATE TRIGGER "player_video_stats_update" AFTER UPDATE ON "videos"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_video_stats_apply();
--> statement-breakpoint
INSERT INTO player_video_stats (player_id, highest_speed, highest_iga_score, total_videos, ready_videos)
  SELECT player_id, max(max_speed) FILTER (WHERE status = 'ready'), max(iga_score) FILTER (WHERE status = 'ready'),
    count(*)::int, (count(*) FILTER (WHERE status = 'ready'))::int
  FROM videos GROUP BY player_id;
