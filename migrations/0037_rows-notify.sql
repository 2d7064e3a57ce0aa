-- Decision 226 (issue 30): a kept read may scope by one value of a column (a family's dashboard reads the rows
-- of `players` whose `user_id` is the family's; a library, its player's row; a kept session, its user's row).
-- So that another process's write drops only the reads of the rows it wrote, a notification names, for each
-- column the trigger is given, the one value every row it wrote holds there, before and after:
-- 'players update id=7 user_id=9', 'players insert user_id=9'. `sessions` keeps the generic trigger: a
-- session's id is a credential, and every listener would read it (decision 225). A column whose rows hold several values is left
-- out (a reader of any of them counts the write as its own). Columns are read through to_jsonb so that the
-- function runs no dynamic SQL: the write clock reads trigger functions to learn what they write
-- (decision 225), and it cannot read what `execute` would run.
CREATE OR REPLACE FUNCTION "va_notify_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text := TG_TABLE_NAME || ' ' || lower(TG_OP);
  col text;
  n int;
  v text;
BEGIN
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
DROP TRIGGER "users_notify_writes" ON "users";
--> statement-breakpoint
DROP TRIGGER "users_notify_updates" ON "users";
--> statement-breakpoint
DROP FUNCTION "va_notify_row_updates"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_writes" AFTER INSERT OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_updates" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('id');
--> statement-breakpoint
CREATE TRIGGER "users_notify_deletes" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('id');
--> statement-breakpoint
DROP TRIGGER "players_notify_writes" ON "players";
--> statement-breakpoint
CREATE TRIGGER "players_notify_writes" AFTER TRUNCATE ON "players"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "players_notify_inserts" AFTER INSERT ON "players" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('id', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "players_notify_updates" AFTER UPDATE ON "players" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('id', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "players_notify_deletes" AFTER DELETE ON "players" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('id', 'user_id');
