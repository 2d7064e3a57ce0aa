-- Decision 225 (issue 30): a kept session reads one row of `users`, its user's. A sign-in updates that row (the
-- login count), so another process's sign-in should drop only that user's kept sessions, not every one. An
-- update of `users` therefore names its row when it changed exactly one and kept its id: 'users update id=5'.
-- Any other update is 'users update', as before; inserts, deletes and truncates keep the generic trigger.
CREATE OR REPLACE FUNCTION "va_notify_row_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  old_id text;
  new_id text;
BEGIN
  SELECT count(*), min(id)::text INTO n, new_id FROM new_rows;
  SELECT min(id)::text INTO old_id FROM old_rows;
  IF n = 1 AND old_id = new_id THEN
    PERFORM pg_notify('va_writes', TG_TABLE_NAME || ' update id=' || new_id);
  ELSE
    PERFORM pg_notify('va_writes', TG_TABLE_NAME || ' update');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_notify_writes" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_notify_writes" AFTER INSERT OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_updates" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_row_updates"();
