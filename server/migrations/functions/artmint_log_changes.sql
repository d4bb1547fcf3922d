-- Stages `entries` (a JSON array of {topic, key, data}, data null for a deletion) for the log.
CREATE OR REPLACE FUNCTION artmint_log_changes(entries jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_changes (topic, key, data)
  SELECT e->>'topic', e->>'key', CASE WHEN jsonb_typeof(e->'data') = 'null' THEN NULL ELSE e->'data' END
  FROM jsonb_array_elements(entries) WITH ORDINALITY AS x(e, n)
  ORDER BY x.n;
END
$$;
