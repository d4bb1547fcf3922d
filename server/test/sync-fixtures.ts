// Helpers for push tests: mutations as a device builds them, a push, items made for one test,
// and the change log since a cursor.
import { randomUUID } from 'node:crypto';
import type * as v from 'valibot';
import {
  MUTATION_VERSION,
  type MUTATION_ARGS,
  type MutationKind,
  type PullResponse,
  type PushResponse,
  type PushResult,
} from '../../shared/protocol.ts';
import type { TestClient, TestServer } from './harness.ts';

export interface TestMutation<K extends MutationKind = MutationKind> {
  id: string;
  v: number;
  at: string;
  kind: K;
  args: v.InferInput<(typeof MUTATION_ARGS)[K]>;
}

export function mutation<K extends MutationKind>(
  kind: K,
  args: v.InferInput<(typeof MUTATION_ARGS)[K]>,
  envelope: Partial<Pick<TestMutation, 'id' | 'v'>> = {},
): TestMutation<K> {
  return {
    id: randomUUID(),
    v: MUTATION_VERSION,
    at: new Date().toISOString(),
    kind,
    args,
    ...envelope,
  };
}

/** Pushes the mutations; the response's status and body. */
export async function push(
  client: TestClient,
  ...mutations: unknown[]
): Promise<{ status: number; body: PushResponse & { error?: string } }> {
  const response = await client.post('/api/push', { mutations });
  return {
    status: response.status,
    body: (await response.json()) as PushResponse & { error?: string },
  };
}

/** Pushes one mutation and answers its result. */
export async function pushOne(client: TestClient, one: unknown): Promise<PushResult> {
  const { status, body } = await push(client, one);
  if (status !== 200) throw new Error(`push answered ${status}: ${body.error ?? ''}`);
  const [result] = body.results;
  if (!result) throw new Error('push answered no result');
  return result;
}

export interface ItemSpec {
  saleKind: 'now' | 'auctions' | 'offers';
  ownerId?: number;
  priceEth?: string;
  highestBidEth?: string;
  /** Milliseconds from now to the auction's end (negative: ended). */
  endsIn?: number;
}

/** A fresh item for one test, shaped like a sample item. */
export async function makeItem(server: Pick<TestServer, 'db'>, spec: ItemSpec): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    // Its own id in its data too, as a device files a pulled item by it.
    `WITH next AS (SELECT nextval('item_ids')::int AS id)
     INSERT INTO items (id, creator_id, owner_id, sale_kind, price_eth, highest_bid_eth, ends_at, data)
     SELECT next.id, 1, $1, $2, $3, $4, now() + ($5::int * interval '1 millisecond'),
       data || jsonb_build_object('id', next.id, 'title', 'Test item ' || next.id)
     FROM next, (SELECT data FROM items ORDER BY id LIMIT 1) AS sample
     RETURNING id`,
    [
      spec.ownerId ?? 1,
      spec.saleKind,
      spec.priceEth ?? '3.5',
      spec.highestBidEth ?? '3.55',
      spec.endsIn ?? 3_600_000,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no item made');
  return id;
}

export async function changesSince(client: TestClient, since: number): Promise<PullResponse> {
  return (await (
    await client.get(`/api/changes?since=${since}&limit=1000`)
  ).json()) as PullResponse;
}

export async function cursorNow(server: TestServer): Promise<number> {
  const { rows } = await server.db.query<{ seq: number }>(
    'SELECT coalesce(max(seq), 0)::int AS seq FROM changes',
  );
  return rows[0]?.seq ?? 0;
}

/** The data of the last change of this topic and key after `since`, or undefined. */
export async function lastChange(
  client: TestClient,
  since: number,
  topic: string,
  key: string | number,
): Promise<unknown> {
  const { changes } = await changesSince(client, since);
  return changes.filter((c) => c.topic === topic && c.key === String(key)).at(-1)?.data;
}
