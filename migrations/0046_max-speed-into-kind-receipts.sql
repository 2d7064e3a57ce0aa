-- Decision 284 (issue 51): Max Speed's evidence moves into the kind-keyed store, the last kind with its own table.
-- kind_receipts gains revisions (a correction of a Max Speed is a new revision; earlier ones stay readable) and
-- the reason of a value typed over the marks. Every measurement_receipts row becomes a kind_receipts row of kind
-- 'max_speed' (higher is better; value = mph; its revision, override reason, data and stills as they were), the
-- audits follow their receipt to its new id, and the table goes. The specification's own fields (the request's
-- max_speed, coach_search.speed_mph) keep carrying Max Speed, so coach_search_results leaves it out.
ALTER TABLE "kind_receipts" DROP CONSTRAINT "kind_receipts_request_id_unique";
--> statement-breakpoint
ALTER TABLE "kind_receipts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "kind_receipts" ADD COLUMN "override_reason" text;
--> statement-breakpoint
ALTER TABLE "kind_receipts" ADD CONSTRAINT "kind_receipts_revision" UNIQUE("request_id","revision");
--> statement-breakpoint
CREATE INDEX "kind_receipts_video_idx" ON "kind_receipts" USING btree ("video_id");
--> statement-breakpoint
-- First the refresh without Max Speed's receipts (coach_search's speed columns carry it, read from the request),
-- so the copy's own triggers leave coach_search_results as it is. Otherwise as in 0045.
CREATE OR REPLACE FUNCTION "coach_search_refresh"(pid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coach_search WHERE player_id = pid;
  DELETE FROM coach_search_results WHERE player_id = pid;
  IF NOT EXISTS (SELECT 1 FROM player_discovery WHERE player_id = pid) THEN RETURN; END IF;
  INSERT INTO coach_search_results (player_id, kind, value, plus_minus, request_id)
    SELECT DISTINCT ON (kr.kind) pid, kr.kind, kr.value, kr.plus_minus, kr.request_id
    FROM kind_receipts kr
    JOIN analysis_requests r ON r.id = kr.request_id
    WHERE r.player_id = pid AND r.status = 'completed' AND kr.kind <> 'max_speed'
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
ALTER TABLE "measurement_audits" DROP CONSTRAINT "measurement_audits_original_receipt_id_measurement_receipts_id_fk";
--> statement-breakpoint
-- The copy remembers each row's old id for the audits, then forgets it.
ALTER TABLE "kind_receipts" ADD COLUMN "moved_from" integer;
--> statement-breakpoint
INSERT INTO kind_receipts (request_id, kind, revision, direction, video_id, analyst_id, analyst_name, value,
    plus_minus, method_label, override_reason, data, still_keys, created_at, moved_from)
  SELECT mr.request_id, 'max_speed', mr.revision, 'higher', mr.video_id, mr.analyst_id, mr.analyst_name,
    mr.max_speed, mr.plus_minus, mr.method_label, mr.override_reason, mr.data, mr.still_keys, mr.created_at, mr.id
  FROM measurement_receipts mr
  ORDER BY mr.id;
--> statement-breakpoint
UPDATE measurement_audits a SET original_receipt_id = kr.id
  FROM kind_receipts kr
  WHERE kr.moved_from IS NOT NULL AND kr.moved_from = a.original_receipt_id;
--> statement-breakpoint
ALTER TABLE "kind_receipts" DROP COLUMN "moved_from";
--> statement-breakpoint
ALTER TABLE "measurement_audits" ADD CONSTRAINT "measurement_audits_original_receipt_id_kind_receipts_id_fk" FOREIGN KEY ("original_receipt_id") REFERENCES "public"."kind_receipts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
DROP TABLE "measurement_receipts";
