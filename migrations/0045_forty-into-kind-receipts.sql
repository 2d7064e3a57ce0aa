-- Decision 269 (issue 51): the 40's evidence moves into the kind-keyed store. Every forty_receipts row becomes a
-- kind_receipts row of kind 'forty' (lower is better; value = seconds; its data, the file's facts, the marks,
-- the splits, the arithmetic, the proposal, a re-check and a previous result, are kept as they were), and the
-- coach search reads the 40's best from coach_search_results like any kind. The column family, its index,
-- its trigger and the table go.
-- First the refresh without the 40's columns, so the copy's own triggers fill coach_search_results with it.
CREATE OR REPLACE FUNCTION "coach_search_refresh"(pid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coach_search WHERE player_id = pid;
  DELETE FROM coach_search_results WHERE player_id = pid;
  IF NOT EXISTS (SELECT 1 FROM player_discovery WHERE player_id = pid) THEN RETURN; END IF;
  INSERT INTO coach_search_results (player_id, kind, value, plus_minus, request_id)
    SELECT DISTINCT ON (kr.kind) pid, kr.kind, kr.value, kr.plus_minus, kr.request_id
    FROM kind_receipts kr
    JOIN analysis_requests r ON r.id = kr.request_id
    WHERE r.player_id = pid AND r.status = 'completed'
      AND NOT EXISTS (SELECT 1 FROM profile_shares ps WHERE ps.player_id = pid AND ps.show -> kr.kind = 'false'::jsonb)
    ORDER BY kr.kind, CASE WHEN kr.direction = 'lower' THEN kr.value ELSE -kr.value END, r.completed_at, kr.id;
  INSERT INTO coach_search (player_id, position_id, level, graduation_year, state, school, speed_mph,
      speed_plus_minus, speed_request_id, iga_score, iga_request_id, verified_at)
    SELECT p.id, p.primary_position_id, p.level, p.graduation_year, p.school_state, p.school,
      s.max_speed, s.max_speed_plus_minus, s.id, i.iga_score, i.id, greatest(last.at, k.at)
    FROM players p
    JOIN player_discovery d ON d.player_id = p.id
    LEFT JOIN LATERAL (
      SELECT r.id, r.max_speed, r.max_speed_plus_minus FROM analysis_requests r
      WHERE r.player_id = p.id AND r.request_type = 'max_speed' AND r.status = 'completed' AND r.max_speed IS NOT NULL
      ORDER BY r.max_speed DESC, r.completed_at ASC, r.id ASC LIMIT 1) s ON true
    LEFT JOIN LATERAL (
      SELECT r.id, r.iga_score FROM analysis_requests r
      WHERE r.player_id = p.id AND r.request_type = 'iga' AND r.status = 'completed' AND r.iga_score IS NOT NULL
      ORDER BY r.iga_score DESC, r.completed_at ASC, r.id ASC LIMIT 1) i ON true
    LEFT JOIN LATERAL (
      SELECT max(r.completed_at) AS at FROM coach_search_results c
      JOIN analysis_requests r ON r.id = c.request_id WHERE c.player_id = p.id) k ON true
    LEFT JOIN LATERAL (
      SELECT coalesce(max(r.completed_at), k.at, now()) AS at FROM analysis_requests r
      WHERE r.player_id = p.id AND r.status = 'completed'
        AND (r.max_speed IS NOT NULL OR r.iga_score IS NOT NULL)) last ON true
    WHERE p.id = pid AND (s.id IS NOT NULL OR i.id IS NOT NULL OR k.at IS NOT NULL);
END $$;
--> statement-breakpoint
DROP TRIGGER "coach_search_forty_receipt" ON "forty_receipts";
--> statement-breakpoint
DROP FUNCTION "coach_search_on_forty_receipt"();
--> statement-breakpoint
DROP INDEX "coach_search_forty_idx";
--> statement-breakpoint
ALTER TABLE "coach_search" DROP COLUMN "forty_seconds";
--> statement-breakpoint
ALTER TABLE "coach_search" DROP COLUMN "forty_plus_minus";
--> statement-breakpoint
ALTER TABLE "coach_search" DROP COLUMN "forty_request_id";
--> statement-breakpoint
INSERT INTO kind_receipts (request_id, kind, direction, video_id, analyst_id, analyst_name, value, plus_minus,
    method_label, data, still_keys, created_at)
  SELECT fr.request_id, 'forty', 'lower', fr.video_id, fr.analyst_id, fr.analyst_name, fr.seconds, fr.plus_minus,
    fr.method_label, fr.data, fr.still_keys, fr.created_at
  FROM forty_receipts fr
  ORDER BY fr.id;
--> statement-breakpoint
DROP TABLE "forty_receipts";
--> statement-breakpoint
-- Every listed player's row again, now that the 40 is read from kind_receipts (its date included).
SELECT coach_search_refresh(d.player_id) FROM player_discovery d;
