-- Decision 215 (issue 30): a process keeps each signed-in session with its user and plan in memory and
-- serves it only until it hears of a write that could change it. Its own writes it sees as it sends them;
-- another process's (a replica, `npm run cli`) it hears from these triggers: at commit, a notification on
-- 'va_writes' for any change to the rows a session load reads (sessions, users, subscriptions, plans).
CREATE OR REPLACE FUNCTION "va_notify_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('va_writes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
--> statement-breakpoint
CREATE TRIGGER "plans_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"();
