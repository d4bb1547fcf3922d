// POST /api/push: a device's outbox, in order. Each mutation is checked with the shared schema,
// then applied in its own transaction exactly once: the mutations table, keyed by the
// mutation's id, keeps its result, so a retried push is answered from there and never applied
// twice; the same id with a different body is a conflict.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ACCEPTED_MUTATION_VERSIONS,
  ANONYMOUS_KINDS,
  Mutation,
  PushRequest,
  type MutationKind,
  type PushResponse,
  type PushResult,
} from '../../src/data/sync/protocol.ts';
import type { SessionAccount } from '../auth/sessions.ts';
import { changeTransactionAt, savepoint } from '../catalog/snapshots.ts';
import type { Database, Transaction } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { issueFields, readJson } from '../http/body.ts';
import { apiError } from '../http/guards.ts';
import { placeBid } from '../market/bids.ts';
import { applyMutation } from './apply.ts';
import { Refusal } from './refusal.ts';

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

interface StoredMutation {
  account_id: number | null;
  body_hash: string;
  result: PushResult;
}

/**
 * True for the error of a claim whose id another mutation already holds: the claim's own, or
 * that of the bid a bid's statement stores under its mutation's id with the claim (bids.ts).
 */
function claimTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === 'mutations_pkey' || constraint === 'bids_pkey');
}

/**
 * Applies one mutation once, or answers its stored result; with the newest sequence of the log
 * as its transaction committed (null when it ran none).
 */
async function pushOne(
  db: Database,
  account: SessionAccount | null,
  raw: unknown,
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
  try {
    // A bid (the most frequent write) is decided, stored and logged in one request.
    if (mutation.kind === 'bid' && account) {
      return await placeBid(db, account, { id, hash }, mutation.args);
    }
    return await changeTransactionAt(db, async (tx) => {
      // The claim goes with the mutation's first statement (on PostgreSQL in one request): an
      // id already claimed fails it, and the whole transaction with it, before anything else
      // is written. A retried push is rare; it costs a rollback and the read below.
      tx.sendWithNext(
        `INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
         VALUES ($1, $2, $3, $4, 'pending', '{}')`,
        [id, accountId, mutation.kind, hash],
      );
      return applyOnce(tx, account, id, mutation);
    });
  } catch (error) {
    if (!claimTaken(error)) throw error;
  }
  const { rows } = await db.query<StoredMutation>(
    'SELECT account_id, body_hash, result FROM mutations WHERE id = $1',
    [id],
  );
  const stored = rows[0];
  if (stored && stored.body_hash === hash && stored.account_id === accountId) {
    return { result: stored.result, seq: null };
  }
  const conflict = new Refusal(
    'conflict',
    'Another change already used this id. Make the change again.',
  );
  return { result: refused(id, conflict), seq: null };
}

/** The mutation's work in a savepoint: its result, stored with the claim at the commit. */
async function applyOnce(
  tx: Transaction,
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
  tx.commitWith('UPDATE mutations SET status = $2, result = $3 WHERE id = $1', [
    id,
    result.status,
    JSON.stringify(result),
  ]);
  return result;
}

/**
 * The newest sequence in the log. On the log readers' connections: a push that has committed
 * answers at once, not after every push queued for the pool meanwhile.
 */
export async function latestSeq(db: Database): Promise<number> {
  const { rows } = await db.logReader.query<{ seq: number | string }>(
    'SELECT coalesce(max(seq), 0) AS seq FROM changes',
  );
  return Number(rows[0]?.seq ?? 0);
}

export function pushRoutes(db: Database) {
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
    let cursor: number | null = null;
    for (const raw of mutations) {
      const one = await pushOne(db, account, raw);
      results.push(one.result);
      if (one.seq !== null) cursor = Math.max(cursor ?? 0, one.seq);
    }
    c.header('Cache-Control', 'no-store');
    const response: PushResponse = { results, cursor: cursor ?? (await latestSeq(db)) };
    return c.json(response);
  });
  return app;
}
