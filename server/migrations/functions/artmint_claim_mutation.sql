-- A push's claim of its mutation id, in the mutation's transaction: NULL when this call claimed
-- it (status 'pending' until the mutation's result is stored), else what is stored under it (a
-- concurrent claim of the same id waits for the other transaction to end).
CREATE OR REPLACE FUNCTION artmint_claim_mutation(p_id text, p_account integer, p_kind text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
  VALUES (p_id, p_account, p_kind, p_hash, 'pending', '{}')
  ON CONFLICT (id) DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT jsonb_build_object('accountId', m.account_id, 'bodyHash', m.body_hash,
    'kind', m.kind, 'result', m.result) FROM mutations m WHERE m.id = p_id);
END
$$;
