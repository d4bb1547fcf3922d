-- Every server process keeps the sessions it has checked in memory (server/auth/sessions.ts).
-- Any statement that ends or changes a session, or changes or deletes an account, announces it
-- on artmint_sessions when it commits, so that every process forgets what it kept.
CREATE OR REPLACE FUNCTION artmint_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('artmint_sessions', '');
  RETURN NULL;
END
$$;
