-- Decision 211 (issue 28/29): the verified 40 in the coach search. A row keeps the fastest completed 40
-- (the public page's: seconds, then the receipt) while the family's checklist shows the 40 (decision
-- 209's share field), so a hidden 40 is neither shown, filtered on nor sorted by. A player whose only
-- shown number is a 40 is listed.
CREATE OR REPLACE FUNCTION "coach_search_refresh"(pid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coach_search WHERE player_id = pid;
  INSERT INTO coach_search (player_id, position_id, level, graduation_year, state, school, speed_mph,
      speed_plus_minus, speed_request_id, iga_score, iga_request_id, forty_seconds, forty_plus_minus,
      forty_request_id, verified_at)
    SELECT p.id, p.primary_position_id, p.level, p.graduation_year, p.school_state, p.school,
      s.max_speed, s.max_speed_plus_minus, s.id, i.iga_score, i.id, f.seconds, f.plus_minus, f.request_id,
      last.at
    FROM players p
    JOIN player_discovery d ON d.player_id = p.id
    CROSS JOIN LATERAL (
      SELECT NOT EXISTS (SELECT 1 FROM profile_shares ps
        WHERE ps.player_id = p.id AND ps.show -> 'forty' = 'false'::jsonb) AS shown) fs
    LEFT JOIN LATERAL (
      SELECT r.id, r.max_speed, r.max_speed_plus_minus FROM analysis_requests r
      WHERE r.player_id = p.id AND r.request_type = 'max_speed' AND r.status = 'completed' AND r.max_speed IS NOT NULL
      ORDER BY r.max_speed DESC, r.completed_at ASC, r.id ASC LIMIT 1) s ON true
    LEFT JOIN LATERAL (
      SELECT r.id, r.iga_score FROM analysis_requests r
      WHERE r.player_id = p.id AND r.request_type = 'iga' AND r.status = 'completed' AND r.iga_score IS NOT NULL
      ORDER BY r.iga_score DESC, r.completed_at ASC, r.id ASC LIMIT 1) i ON true
    LEFT JOIN LATERAL (
      SELECT fr.request_id, fr.seconds, fr.plus_minus FROM forty_receipts fr
      JOIN analysis_requests r ON r.id = fr.request_id
      WHERE fs.shown AND r.player_id = p.id AND r.status = 'completed'
      ORDER BY fr.seconds ASC, fr.id ASC LIMIT 1) f ON true
    LEFT JOIN LATERAL (
      SELECT coalesce(max(r.completed_at), now()) AS at FROM analysis_requests r
      WHERE r.player_id = p.id AND r.status = 'completed'
        AND (r.max_speed IS NOT NULL OR r.iga_score IS NOT NULL
          OR (fs.shown AND EXISTS (SELECT 1 FROM forty_receipts fr WHERE fr.request_id = r.id)))) last ON true
    WHERE p.id = pid AND (s.id IS NOT NULL OR i.id IS NOT NULL OR f.request_id IS NOT NULL);
END $$;
--> statement-breakpoint
-- The completion writes the 40's receipt after the request's status, so the receipt refreshes the row too.
CREATE FUNCTION "coach_search_on_forty_receipt"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT r.player_id INTO pid FROM analysis_requests r WHERE r.id = OLD.request_id;
    IF pid IS NOT NULL AND EXISTS (SELECT 1 FROM player_discovery WHERE player_id = pid) THEN
      PERFORM coach_search_refresh(pid);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT r.player_id INTO pid FROM analysis_requests r WHERE r.id = NEW.request_id;
    IF pid IS NOT NULL AND EXISTS (SELECT 1 FROM player_discovery WHERE player_id = pid) THEN
      PERFORM coach_search_refresh(pid);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "coach_search_forty_receipt" AFTER INSERT OR DELETE OR UPDATE OF request_id, seconds, plus_minus
  ON "forty_receipts" FOR EACH ROW EXECUTE FUNCTION coach_search_on_forty_receipt();
--> statement-breakpoint
-- The family's checklist decides whether the 40 is shown: a change of that one field refreshes the row.
CREATE FUNCTION "coach_search_on_share"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.player_id ELSE NEW.player_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.player_id <> NEW.player_id
      AND EXISTS (SELECT 1 FROM player_discovery WHERE player_id = OLD.player_id) THEN
    PERFORM coach_search_refresh(OLD.player_id);
  END IF;
  IF EXISTS (SELECT 1 FROM player_discovery WHERE player_id = pid) THEN
    PERFORM coach_search_refresh(pid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "coach_search_share_insert_delete" AFTER INSERT OR DELETE ON "profile_shares"
  FOR EACH ROW EXECUTE FUNCTION coach_search_on_share();
--> statement-breakpoint
CREATE TRIGGER "coach_search_share_update" AFTER UPDATE OF show, player_id ON "profile_shares"
  FOR EACH ROW WHEN (OLD.show -> 'forty' IS DISTINCT FROM NEW.show -> 'forty' OR OLD.player_id <> NEW.player_id)
  EXECUTE FUNCTION coach_search_on_share();
--> statement-breakpoint
-- Rows of players listed before: their shown 40s; players whose only number is a 40 join the search.
SELECT coach_search_refresh(d.player_id) FROM player_discovery d;
