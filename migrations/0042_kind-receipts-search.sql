-- Decision 243 (issue 51): the kind-keyed receipts and the coach search's best result per measured kind.
-- Both tables tell other processes of their writes, as every watched table does (decision 216).
CREATE TRIGGER "kind_receipts_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "kind_receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "coach_search_results_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coach_search_results"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
-- A player's row also keeps, in coach_search_results, the best completed result of each kind whose evidence
-- is in kind_receipts (highest or lowest by the receipt's direction), while the family's checklist shows the
-- kind (the share field named as the kind's key). A player whose only shown number is such a kind is listed.
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
      speed_plus_minus, speed_request_id, iga_score, iga_request_id, forty_seconds, forty_plus_minus,
      forty_request_id, verified_at)
    SELECT p.id, p.primary_position_id, p.level, p.graduation_year, p.school_state, p.school,
      s.max_speed, s.max_speed_plus_minus, s.id, i.iga_score, i.id, f.seconds, f.plus_minus, f.request_id,
      greatest(last.at, k.at)
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
      SELECT max(r.completed_at) AS at FROM coach_search_results c
      JOIN analysis_requests r ON r.id = c.request_id WHERE c.player_id = p.id) k ON true
    LEFT JOIN LATERAL (
      SELECT coalesce(max(r.completed_at), k.at, now()) AS at FROM analysis_requests r
      WHERE r.player_id = p.id AND r.status = 'completed'
        AND (r.max_speed IS NOT NULL OR r.iga_score IS NOT NULL
          OR (fs.shown AND EXISTS (SELECT 1 FROM forty_receipts fr WHERE fr.request_id = r.id)))) last ON true
    WHERE p.id = pid AND (s.id IS NOT NULL OR i.id IS NOT NULL OR f.request_id IS NOT NULL OR k.at IS NOT NULL);
END $$;
--> statement-breakpoint
-- The completion writes a kind's receipt after the request's status, so the receipt refreshes the row too.
CREATE FUNCTION "coach_search_on_kind_receipt"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "coach_search_kind_receipt" AFTER INSERT OR DELETE OR UPDATE OF request_id, value, plus_minus
  ON "kind_receipts" FOR EACH ROW EXECUTE FUNCTION coach_search_on_kind_receipt();
--> statement-breakpoint
-- Any field of the checklist may now hide a kind: a change of the checklist refreshes the row.
DROP TRIGGER "coach_search_share_update" ON "profile_shares";
--> statement-breakpoint
CREATE TRIGGER "coach_search_share_update" AFTER UPDATE OF show, player_id ON "profile_shares"
  FOR EACH ROW WHEN (OLD.show IS DISTINCT FROM NEW.show OR OLD.player_id <> NEW.player_id)
  EXECUTE FUNCTION coach_search_on_share();
