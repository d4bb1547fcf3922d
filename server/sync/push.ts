// POST /api/push: a device's outbox, in order. Each mutation is checked with the shared schema,
// then applied in its own transaction exactly once: the mutations table, keyed by the
// mutation's id, keeps its result, so a retried push is answered from there and never applied
// twice; the same id with a different body is a conflict.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  ACCEPTED_MUTATION_VERSIONS,
  ANONYMOUS_KINDS,
  Mutation,
  PushRequest,
  type MutationKind,
  type PushResponse,
  type PushResult,
} from '../../shared/protocol.ts';
import type { SessionAccount } from '../core/session-account.ts';
import { latestSeq } from '../core/change-log.ts';
import { savepoint } from '../core/transaction.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { issueFields, readJson } from '../http/body.ts';
import { apiError, WriteLimited, type WriteLimit } from '../http/guards.ts';
import { bidResult, placeBid } from '../market/bids.ts';
import { UPLOADS_PER_HOUR, uploadWait } from '../catalog/uploads.ts';
import { applyMutation } from './apply.ts';
import { setFavourite } from '../social/favourites.ts';
import { setFollow } from '../social/follows.ts';
import { Refusal } from '../core/refusal.ts';

/** JSON with sorted keys, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const bodyHash = (mutation: Mutation) =>
  createHash('sha256')
    .update(canonical({ kind: mutation.kind, args: mutation.args }))
    .digest('base64url');

function rawField(raw: unknown, key: string): unknown {
  return raw !== null && typeof raw === 'object'
    ? (raw as Record<string, unknown>)[key]
    : undefined;
}

function refused(id: string, refusal: Refusal): PushResult {
  return {
    id,
    status: 'refused',
    code: refusal.code,
    error: refusal.message,
    ...(refusal.fields ? { fields: refusal.fields } : {}),
  };
}

/** What a mutation id already claimed holds (artmint_claim_mutation). */
interface StoredMutation {
  accountId: number | null;
  bodyHash: string;
  kind: string;
  result: PushResult;
}

/**
 * True for the error of a one-call write (a bid, a favourite, a follow) whose id another
 * mutation already holds: its function stores the mutation (and a bid) under that id.
 */
function claimTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === 'mutations_pkey' || constraint === 'bids_pkey');
}

const CLAIM = {
  name: 'artmint_claim_mutation',
  text: 'SELECT artmint_claim_mutation($1::text, $2::int, $3::text, $4::text) AS stored',
};

/** The claim with the write counted against the limit in the same request (migration 009). */
const CLAIM_LIMITED = {
  name: 'artmint_claim_mutation_limited',
  text: `SELECT artmint_count_write($5::text, 1, $6::int, $7::float8) AS retry,
    artmint_claim_mutation($1::text, $2::int, $3::text, $4::text) AS stored`,
};

/**
 * Answers a mutation whose id was claimed before: its stored result, or a conflict. A change
 * claimed signed out is the device's own when the account that signed in there retries it: the
 * device moved it to that account at sign-in (docs/sync.md "Push: each mutation applied exactly
 * once").
 */
function replay(
  stored: StoredMutation | undefined,
  id: string,
  hash: string,
  accountId: number | null,
): PushResult {
  const sameMaker = stored?.accountId === accountId || stored?.accountId === null;
  if (stored && stored.bodyHash === hash && sameMaker) {
    return stored.kind === 'bid' ? bidResult(stored.result) : stored.result;
  }
  const conflict = new Refusal(
    'conflict',
    'Another change already used this id. Make the change again.',
  );
  return refused(id, conflict);
}

/**
 * The call of a mutation decided, stored and logged by one database call of its own (a bid, a
 * favourite, a follow), begun; null for every other kind, which push.ts applies in a
 * transaction of its own.
 */
function callOf(
  db: Database,
  account: SessionAccount,
  claim: { id: string; hash: string },
  mutation: Mutation,
  limit: WriteLimit | null,
): Promise<{ result: PushResult; seq: number | null }> | null {
  switch (mutation.kind) {
    case 'bid':
      return placeBid(db, account, claim, mutation.args, limit);
    case 'favourite':
      return setFavourite(db, account, claim, mutation.args, limit);
    case 'follow':
      return setFollow(db, account, claim, mutation.args, limit);
    default:
      return null;
  }
}

/**
 * Applies one mutation once, or answers its stored result; with the newest sequence of the log
 * as a bid committed (null for any other mutation: the caller reads it after the commit).
 */
async function pushOne(
  db: Database,
  account: SessionAccount | null,
  raw: unknown,
  limit: WriteLimit | null,
  uploadsPerHour: number,
): Promise<{ result: PushResult; seq: number | null }> {
  const parsed = v.safeParse(Mutation, raw);
  const rawId = rawField(raw, 'id');
  if (!parsed.success) {
    const result = refused(
      typeof rawId === 'string' ? rawId.slice(0, 100) : '',
      new Refusal('invalid', 'This change is malformed.', issueFields(parsed.issues)),
    );
    return { result, seq: null };
  }
  const mutation = parsed.output;
  const { id } = mutation;
  if (!ACCEPTED_MUTATION_VERSIONS.includes(mutation.v)) {
    const result = refused(
      id,
      new Refusal(
        'version',
        'This change was made by an older version of Artmint. Update the app.',
      ),
    );
    return { result, seq: null };
  }
  const hash = bodyHash(mutation);
  const accountId = account?.id ?? null;
  const oneCall = account ? callOf(db, account, { id, hash }, mutation, limit) : null;
  if (oneCall) {
    // A bid (the most frequent write), a favourite and a follow are each decided, stored and
    // logged in one call.
    try {
      return await oneCall;
    } catch (error) {
      if (!claimTaken(error)) throw error;
    }
    const { rows } = await db.query<{ stored: StoredMutation | null }>(
      `SELECT jsonb_build_object('accountId', account_id, 'bodyHash', body_hash, 'kind', kind,
         'result', result) AS stored FROM mutations WHERE id = $1`,
      [id],
    );
    return { result: replay(rows[0]?.stored ?? undefined, id, hash, accountId), seq: null };
  }
  const result = await db.transaction(async (tx) => {
    // The claim first: an id already claimed is answered from what it holds, and nothing of
    // this transaction is kept.
    const claim = [id, accountId, mutation.kind, hash];
    const { rows } = limit
      ? await tx.query<{ retry: number | null; stored: StoredMutation | null }>(CLAIM_LIMITED, [
          ...claim,
          limit.key,
          limit.max,
          limit.windowSecs,
        ])
      : await tx.query<{ retry?: null; stored: StoredMutation | null }>(CLAIM, claim);
    // Past the limit: thrown, so the claim (and the count) roll back with the transaction.
    const retry = rows[0]?.retry;
    if (retry !== undefined && retry !== null) throw new WriteLimited(retry);
    const stored = rows[0]?.stored;
    if (stored) return { replayed: replay(stored, id, hash, accountId) };
    if (mutation.kind === 'item' && account) await checkUploadRate(tx, account, uploadsPerHour);
    return { applied: await applyOnce(tx, account, id, mutation) };
  });
  return { result: result.replayed ?? result.applied, seq: null };
}

/** Past the account's items an hour: thrown, so the claim rolls back and the device retries. */
async function checkUploadRate(tx: Sql, account: SessionAccount, perHour: number) {
  const wait = await uploadWait(tx, account.id, perHour);
  if (wait === null) return;
  const minutes = Math.ceil(wait / 60);
  throw new WriteLimited(
    wait,
    `You listed ${perHour} items in the last hour, the most an account may. ` +
      `Your next one is listed in about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** The mutation's work in a savepoint, then its result stored under its claim. */
async function applyOnce(
  tx: Sql,
  account: SessionAccount | null,
  id: string,
  mutation: Mutation,
): Promise<PushResult> {
  let result: PushResult;
  try {
    const applied = await savepoint(
      tx,
      () => applyMutation({ tx, id, account }, mutation),
      (error) => error instanceof Refusal,
    );
    result = { id, status: 'applied', ...applied };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    result = refused(id, error);
  }
  await tx.query('UPDATE mutations SET status = $2, result = $3 WHERE id = $1', [
    id,
    result.status,
    JSON.stringify(result),
  ]);
  return result;
}

/**
 * `limitOf` gives a request's write limit when the database counts it (PostgreSQL: every
 * server process shares the count), or null when the app counts it itself; `uploadsPerHour`, the
 * items one account may list in an hour (0: no limit), counted from the items themselves.
 */
export function pushRoutes(
  db: Database,
  limitOf: (c: Context<AppEnv>) => WriteLimit | null,
  uploadsPerHour = UPLOADS_PER_HOUR,
) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { mutations } = await readJson(c, PushRequest);
    const account = c.get('account');
    if (!account) {
      const needsAccount = mutations.some(
        (raw) => !ANONYMOUS_KINDS.includes(rawField(raw, 'kind') as MutationKind),
      );
      if (needsAccount) return apiError(c, 401, 'Sign in to sync these changes.');
    }
    const results: PushResult[] = [];
    // The newest sequence as the bids committed; any other mutation (or none) has the log
    // read after its commit, which is at least as new.
    let cursor: number | null = mutations.length > 0 ? 0 : null;
    const limit = limitOf(c);
    for (const raw of mutations) {
      let one;
      try {
        one = await pushOne(db, account, raw, limit, uploadsPerHour);
      } catch (error) {
        // Past the limit: what was applied before is stored under its id, and the device's
        // retry is answered from there.
        if (!(error instanceof WriteLimited)) throw error;
        c.header('Retry-After', String(error.retry));
        return apiError(c, 429, error.words);
      }
      results.push(one.result);
      cursor = cursor === null || one.seq === null ? null : Math.max(cursor, one.seq);
    }
    c.header('Cache-Control', 'no-store');
    const response: PushResponse = { results, cursor: cursor ?? (await latestSeq(db)) };
    return c.json(response);
  });
  return app;
}
