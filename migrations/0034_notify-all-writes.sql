-- Decision 216 (issue 30): answers of the hot reads are kept in memory like sessions (decision 215), so
-- every table a kept answer could read must tell other processes of its writes. Every table of the schema
-- gets the statement trigger of migration 0031, except those that already have it and the unwatched ones
-- (server/db/write-clock.ts UNWATCHED_TABLES: rate-limit counters, jobs, analytics events, the mail
-- outbox, payment bookkeeping, reset tokens), which nothing kept reads. A test checks the catalog.
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public'
      AND tablename NOT IN ('sessions', 'users', 'subscriptions', 'plans',
        'rate_limits', 'jobs', 'analytics_events', 'mail_outbox', 'stripe_events', 'payment_test_objects',
        'password_reset_tokens')
    ORDER BY tablename
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "va_notify_writes"()',
      t || '_notify_writes', t);
  END LOOP;
END $$;
