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
import { changeTransaction, savepoint } from '../catalog/snapshots.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { issueFields, readJson } from '../http/body.ts';
import { apiError } from '../http/guards.ts';
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

/** Applies one mutation once, or answers its stored result. */
async function pushOne(
  db: Database,
  account: SessionAccount | null,
  raw: unknown,
): Promise<PushResult> {
  const parsed = v.safeParse(Mutation, raw);
  const rawId = rawField(raw, 'id');
  if (!parsed.success) {
    return refused(
      typeof rawId === 'string' ? rawId.slice(0, 100) : '',
      new Refusal('invalid', 'This change is malformed.', issueFields(parsed.issues)),
    );
  }
  const mutation = parsed.output;
  const { id } = mutation;
  if (!ACCEPTED_MUTATION_VERSIONS.includes(mutation.v)) {
    return refused(
      id,
      new Refusal(
        'version',
        'This change was made by an older version of Artmint. Update the app.',
      ),
    );
  }
  const hash = bodyHash(mutation);
  const accountId = account?.id ?? null;
  return changeTransaction(db, async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
       VALUES ($1, $2, $3, $4, 'pending', '{}') ON CONFLICT (id) DO NOTHING`,
      [id, accountId, mutation.kind, hash],
    );
    if (claimed.rowCount === 0) {
      const { rows } = await tx.query<StoredMutation>(
        'SELECT account_id, body_hash, result FROM mutations WHERE id = $1',
        [id],
      );
      const stored = rows[0];
      if (stored && stored.body_hash === hash && stored.account_id === accountId) {
        return stored.result;
      }
      return refused(
        id,
        new Refusal('conflict', 'Another change already used this id. Make the change again.'),
      );
    }
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
  });
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
    for (const raw of mutations) results.push(await pushOne(db, account, raw));
    c.header('Cache-Control', 'no-store');
    const response: PushResponse = { results, cursor: await latestSeq(db) };
    return c.json(response);
  });
  return app;
}
