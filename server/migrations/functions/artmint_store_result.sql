-- A one-call write's push result (artmint_set_favourite, artmint_set_follow), stored under its
-- mutation's id and answered: applied when `p_refusal` is NULL, else refused with that code and
-- `p_words`. An id already taken fails the call (unique violation): server/sync/push.ts then
-- answers what is stored.
CREATE OR REPLACE FUNCTION artmint_store_result(
  p_id text, p_account integer, p_kind text, p_hash text, p_refusal text, p_words text)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  result jsonb := CASE WHEN p_refusal IS NULL
    THEN jsonb_build_object('id', p_id, 'status', 'applied')
    ELSE jsonb_build_object('id', p_id, 'status', 'refused', 'code', p_refusal,
      'error', p_words) END;
BEGIN
  INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
  VALUES (p_id, p_account, p_kind, p_hash, result->>'status', result);
  RETURN result;
END $$;
