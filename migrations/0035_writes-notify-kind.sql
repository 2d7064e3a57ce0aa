-- Decision 225 (issue 30): a kept answer or session is dropped only by a write to a table it reads, and a
-- kept session not by another sign-in's new row. The notification of another process's write therefore
-- names the kind of write with the table ('players update', 'sessions insert'), so a listening process
-- can tell an insert (new rows) from an update, a delete or a truncate (rows a kept read may hold).
CREATE OR REPLACE FUNCTION "va_notify_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('va_writes', TG_TABLE_NAME || ' ' || lower(TG_OP));
  RETURN NULL;
END $$;
