-- Statement triggers over the statement's rows (transition tables `added` and `removed`): a
-- write of one row moves its counter by one, a bulk load (COPY, INSERT ... SELECT) moves each
-- counter once. One function for the three counters; its arguments name the counted rows'
-- column, and the counter's table and column. The counter's row is locked by the UPDATE, so
-- concurrent writers add up; a row already gone (its item deleted, the cascade deleting its
-- favourites) is simply not updated.
CREATE OR REPLACE FUNCTION artmint_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE %I t SET %I = t.%I %s d.n
     FROM (SELECT %I AS id, count(*)::int AS n FROM %I GROUP BY 1) d WHERE t.id = d.id',
    TG_ARGV[1], TG_ARGV[2], TG_ARGV[2], CASE WHEN TG_OP = 'INSERT' THEN '+' ELSE '-' END,
    TG_ARGV[0], CASE WHEN TG_OP = 'INSERT' THEN 'added' ELSE 'removed' END);
  RETURN NULL;
END
$$;
