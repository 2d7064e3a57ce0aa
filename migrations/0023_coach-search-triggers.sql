-- Decision 211: coach_search holds one row per discoverable player with a verified number, rebuilt for
-- that player whenever the switch, the player or one of its analysis requests changes.
CREATE FUNCTION "coach_search_refresh"(pid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coach_search WHERE player_id = pid;
  INSERT INTO coach_search (player_id, position_id, level, graduation_year, state, school, speed_mph,
      speed_plus_minus, speed_request_id, iga_score, iga_request_id, verified_at)
    SELECT p.id, p.primary_position_id, p.level, p.graduation_year, p.school_state, p.school,
      s.max_speed, s.max_speed_plus_minus, s.id, i.iga_score, i.id, last.at
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
      SELECT coalesce(max(r.completed_at), now()) AS at FROM analysis_requests r
      WHERE r.player_id = p.id AND r.status = 'completed'
        AND (r.max_speed IS NOT NULL OR r.iga_score IS NOT NULL)) last ON true
    WHERE p.id = pid AND (s.id IS NOT NULL OR i.id IS NOT NULL);
END $$;
--> statement-breakpoint
CREATE FUNCTION "coach_search_on_discovery"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM coach_search_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.player_id ELSE NEW.player_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "coach_search_discovery" AFTER INSERT OR DELETE ON "player_discovery"
  FOR EACH ROW EXECUTE FUNCTION coach_search_on_discovery();
--> statement-breakpoint
CREATE FUNCTION "coach_search_on_player"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM player_discovery WHERE player_id = NEW.id) THEN
    PERFORM coach_search_refresh(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "coach_search_player" AFTER UPDATE OF primary_position_id, level, graduation_year, school, school_state
  ON "players" FOR EACH ROW EXECUTE FUNCTION coach_search_on_player();
--> statement-breakpoint
CREATE FUNCTION "coach_search_on_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM player_discovery WHERE player_id = OLD.player_id) THEN
    PERFORM coach_search_refresh(OLD.player_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.player_id <> OLD.player_id)
      AND EXISTS (SELECT 1 FROM player_discovery WHERE player_id = NEW.player_id) THEN
    PERFORM coach_search_refresh(NEW.player_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "coach_search_request" AFTER INSERT OR DELETE OR UPDATE OF status, max_speed, max_speed_plus_minus, iga_score, completed_at, player_id
  ON "analysis_requests" FOR EACH ROW EXECUTE FUNCTION coach_search_on_request();
