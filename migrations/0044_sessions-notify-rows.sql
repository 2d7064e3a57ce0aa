-- Decision 260 (issue 53): the write clock learns every write, this process's own too, from the notifications
-- the triggers send; it no longer reads a statement's SQL text. A kept session reads its own row of `sessions`.
-- Its id is a credential and may not travel in a notification (decision 225), so a write to `sessions` names
-- the user whose rows it wrote instead ('sessions update user_id=5'): a session refreshed or revoked drops
-- the kept sessions of that user only, not every user's.
DROP TRIGGER "sessions_notify_writes" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_writes" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_inserts" AFTER INSERT ON "sessions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_updates" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_deletes" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_rows"('user_id');
