// Bad input at the API: several hundred generated malformed requests from a fixed seed, spread
// over every write route and the read routes with parameters, with rate limits off so each is
// judged on its content. Every one must be refused (the right 4xx, or, for a well-formed push,
// a `refused` result per change with the right code: the push contract answers per change),
// with a clear message and nothing internal in it; afterwards the server still serves and the
// database is as it was.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION_VERSION, type PushResponse, type RefusalCode } from '../../shared/protocol.ts';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/sessions.ts';
import {
  startTestServer,
  TEST_PASSWORD,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';
import { PNG, SVG, putImage, uploadPng } from '../test/images.ts';
import { makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { IMAGE_LIMIT } from '../catalog/image-routes.ts';
import { JSON_LIMIT } from './body.ts';

const SEED = 20261125;
const MIN_REQUESTS = 500;

/** mulberry32: a small, fast, seeded PRNG, so every run sends the same requests. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(SEED);
const int = (max: number) => Math.floor(random() * max);
const pick = <T>(values: readonly T[]): T => values[int(values.length)] as T;
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
};
const longText = (length: number) => 'x'.repeat(length);

// Values of the wrong type for any field.
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  [],
  [1, 2],
  {},
  { $gt: '' },
  "' OR 1=1 --",
  longText(6000),
];
// Amounts that are not an ETH amount in a string.
const BAD_AMOUNTS: readonly unknown[] = [
  '-1',
  '-0.5',
  'NaN',
  'Infinity',
  '1e5',
  '0x10',
  '',
  ' 1',
  '1,5',
  '1.1234567890123456789',
  '9'.repeat(80),
  `1.${'0'.repeat(79)}`,
  1.5,
  0,
  null,
  true,
];
// Text PostgreSQL cannot store: NUL characters, lone halves of a surrogate pair.
const UNSTORABLE: readonly string[] = ['a\u0000b', '\u0000', '\ud800', 'x\udc00y', 'ok\ud83d'];
const BAD_IDS: readonly unknown[] = [0, -1, 1.5, 2_147_483_648, 1e300, '1', null, 'abc'];
const NOT_OBJECTS = WRONG_TYPES.filter((value) => typeof value !== 'object' || value === null);
const UNKNOWN_ID = 2_147_483_647;

interface Expected {
  /** The HTTP status the route's contract gives this request. */
  status: number;
  /** For a push answered 200: the refusal code of each change. */
  codes?: RefusalCode[];
}

interface FuzzCase extends Expected {
  label: string;
  send: () => Promise<Response>;
}

let server: TestServer;
let ada: TestClient;
let bob: TestClient;
let expired: TestClient;
let forged: TestClient;
/** A signed-out browser, fresh each time (a refused request never signs it in, but a slip would). */
const anonymous = () => server.client();
let adaAccount: { id: number; email: string };
const targets = {
  offers: 0,
  auction: 0,
  ended: 0,
  adaOwn: 0,
  sold: 0,
  adaImage: '',
  bobImage: '',
  replayId: '',
  replayItem: 0,
};

const TABLES = [
  'accounts',
  'sessions',
  'reset_tokens',
  'creators',
  'items',
  'bids',
  'purchases',
  'favourites',
  'follows',
  'messages',
  'profile_sections',
  'images',
  'activity',
  'changes',
  'mutations',
] as const;

/** Row count and a hash of the content of each table; refused changes are only remembered. */
async function snapshot(): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const where = table === 'mutations' ? "WHERE t.status <> 'refused'" : '';
    const { rows } = await server.db.query<{ n: number; content: string | null }>(
      `SELECT count(*)::int AS n, string_agg(t::text, '|' ORDER BY t::text) AS content
       FROM ${table} t ${where}`,
    );
    const row = rows[0];
    const hash = createHash('sha256')
      .update(row?.content ?? '')
      .digest('hex');
    result[table] = `${row?.n ?? 0} rows, ${hash.slice(0, 16)}`;
  }
  return result;
}

beforeAll(async () => {
  server = await startTestServer();
  ada = server.client();
  bob = server.client();
  const signedUp = await ada.signUp('Ada Fuzz');
  adaAccount = signedUp;
  await bob.signUp('Bob Fuzz');

  // A session that has ended: a real token whose row expired yesterday.
  const token = 'expired-session-token-for-the-fuzz-suite';
  await server.db.query(
    "INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, now() - interval '1 day')",
    [hashToken(token), signedUp.id],
  );
  expired = server.client();
  expired.cookie = `${SESSION_COOKIE}=${token}`;
  // Ada's own session, sent from another site.
  forged = server.client();
  forged.cookie = ada.cookie;

  // What the fuzz aims at: items of each kind, Ada's own item and image, Bob's image, an item
  // already sold, and a change Ada already pushed (its id is replayed with other bodies).
  targets.offers = await makeItem(server, { saleKind: 'offers' });
  targets.auction = await makeItem(server, { saleKind: 'auctions', highestBidEth: '3.55' });
  targets.ended = await makeItem(server, { saleKind: 'auctions', endsIn: -60_000 });
  targets.adaOwn = await makeItem(server, { saleKind: 'now', ownerId: signedUp.id });
  targets.sold = await makeItem(server, { saleKind: 'now' });
  targets.replayItem = await makeItem(server, { saleKind: 'offers' });
  targets.adaImage = await uploadPng(ada);
  targets.bobImage = await uploadPng(bob);
  const setup = [
    [bob, mutation('checkout', { itemId: targets.sold })],
    [ada, mutation('creator', { name: 'Ada Fuzz' })],
    [ada, mutation('favourite', { itemId: targets.replayItem, on: true })],
  ] as const;
  for (const [client, change] of setup) {
    expect(await pushOne(client, change)).toMatchObject({ status: 'applied' });
  }
  targets.replayId = setup[2][1].id;
}, 60_000);
afterAll(() => server.close());

// ---- requests -------------------------------------------------------------------------------

const json = (client: TestClient, method: string, path: string, body: unknown, origin?: string) =>
  client.request(path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(origin !== undefined ? { origin } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const pushBody = (client: TestClient, mutations: unknown, origin?: string) =>
  json(client, 'POST', '/api/push', { mutations }, origin);

/** A change as a device builds it, with a seeded id. */
const change = (kind: string, args: unknown, envelope: Record<string, unknown> = {}) => ({
  id: uuid(),
  v: MUTATION_VERSION,
  at: new Date().toISOString(),
  kind,
  args,
  ...envelope,
});

const refusedPush = (label: string, body: unknown, code: RefusalCode): FuzzCase => ({
  label,
  status: 200,
  codes: [code],
  send: () => pushBody(pick([ada, bob]), [body]),
});

/** A change of this kind whose args have one bad field. */
const invalidArgs = (
  kind: string,
  args: Record<string, unknown>,
  [key, value]: [string, unknown],
) => refusedPush(`${kind} with a bad ${key}`, change(kind, withField(args, key, value)), 'invalid');

// ---- generators, one per kind of bad input -----------------------------------------------------

const withField = (base: Record<string, unknown>, key: string, value: unknown) => ({
  ...base,
  [key]: value,
});

function badChange(): FuzzCase {
  const validBid = { itemId: targets.auction, priceEth: '500', quantity: 1 };
  switch (int(16)) {
    case 0: {
      const amount = pick(BAD_AMOUNTS);
      return refusedPush(
        `bid of ${JSON.stringify(amount).slice(0, 20)}`,
        change('bid', {
          ...validBid,
          itemId: pick([targets.auction, targets.offers]),
          priceEth: amount,
        }),
        'invalid',
      );
    }
    case 1:
      return refusedPush(
        'bid of 0 on an auction',
        change('bid', { ...validBid, priceEth: pick(['0', '0.0', '3.55', '3.559']) }),
        'outbid',
      );
    case 2:
      return refusedPush(
        'offer under the minimum',
        change('bid', {
          ...validBid,
          itemId: targets.offers,
          priceEth: pick(['0', '0.000000000000000001', '1.21']),
        }),
        'too-low',
      );
    case 3:
      return refusedPush(
        'bid quantity',
        change('bid', { ...validBid, quantity: pick([0, -1, 6, 1000, 1.5, null, '1']) }),
        'invalid',
      );
    case 4: {
      const kind = pick(['bid', 'checkout', 'favourite']);
      const itemId = pick(BAD_IDS);
      const args =
        kind === 'bid'
          ? { ...validBid, itemId }
          : kind === 'checkout'
            ? { itemId }
            : { itemId, on: true };
      return refusedPush(`${kind} on a malformed item id`, change(kind, args), 'invalid');
    }
    case 5: {
      const kind = pick(['bid', 'checkout', 'favourite', 'follow']);
      const args =
        kind === 'bid'
          ? { ...validBid, itemId: UNKNOWN_ID }
          : kind === 'follow'
            ? { creatorId: UNKNOWN_ID - int(1000), on: true }
            : kind === 'checkout'
              ? { itemId: UNKNOWN_ID - int(1000) }
              : { itemId: UNKNOWN_ID - int(1000), on: pick([true, false]) };
      return refusedPush(`${kind} on an unknown id`, change(kind, args), 'not-found');
    }
    case 6: {
      // Ada's own resources, touched by Ada where the rules forbid it.
      const which = int(3);
      const body =
        which === 0
          ? change('bid', { ...validBid, itemId: targets.adaOwn })
          : which === 1
            ? change('checkout', { itemId: targets.adaOwn })
            : change('follow', { creatorId: adaAccount.id, on: true });
      return {
        label: 'own item or self',
        status: 200,
        codes: ['forbidden'],
        send: () => pushBody(ada, [body]),
      };
    }
    case 7: {
      // Bob's image in Ada's upload; an unknown image.
      const theirs = random() < 0.5;
      const body = change('item', {
        title: 'Borrowed',
        description: '',
        type: 'art',
        imageId: theirs ? targets.bobImage : uuid(),
      });
      return {
        label: theirs ? "another collector's image" : 'an image never uploaded',
        status: 200,
        codes: [theirs ? 'forbidden' : 'not-found'],
        send: () => pushBody(ada, [body]),
      };
    }
    case 8: {
      const item = {
        title: 'Work',
        description: 'About it',
        type: 'art',
        imageId: targets.adaImage,
      };
      const bad = pick<[string, unknown]>([
        ['title', ''],
        ['title', '   '],
        ['title', longText(101)],
        ['title', longText(201)],
        ['description', longText(2001)],
        ['description', longText(5001)],
        ['rateEth', pick(BAD_AMOUNTS.filter((a) => a !== ''))],
        ['endDate', '2001-01-01'],
        ['endDate', 'not a date'],
        ['startDate', 'yesterday-ish'],
        ['endDate', '+275760-09-13T00:00:00Z'],
        ['startDate', '-000001-01-01T00:00:00Z'],
        [pick(['title', 'description', 'type', 'imageId']), pick(UNSTORABLE)],
        ['type', longText(41)],
        ['imageId', longText(101)],
        ['title', pick(WRONG_TYPES.filter((value) => typeof value !== 'string'))],
      ]);
      return {
        label: `item with a bad ${bad[0]}`,
        status: 200,
        codes: ['invalid'],
        send: () => pushBody(ada, [change('item', withField(item, bad[0], bad[1]))]),
      };
    }
    case 9:
      return {
        label: 'checkout of an item sold to someone else',
        status: 200,
        codes: ['sold'],
        send: () => pushBody(ada, [change('checkout', { itemId: targets.sold })]),
      };
    case 10:
      return refusedPush(
        'bid after the end',
        change('bid', { ...validBid, itemId: targets.ended }),
        'ended',
      );
    case 11: {
      const bad = pick<[string, unknown]>([
        ['section', pick(['admin', '', 'accounts', 1])],
        ['fields', Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, 'x']))],
        ['fields', { bio: longText(5001) }],
        ['fields', { nested: { deep: true } }],
        ['fields', { firstName: pick(UNSTORABLE) }],
        ['fields', { [pick(UNSTORABLE)]: 'x' }],
        ['fields', { [longText(61)]: 'x' }],
        ['fields', pick(NOT_OBJECTS)],
      ]);
      return invalidArgs('profile', { section: 'personal', fields: {} }, bad);
    }
    case 12: {
      const bad = pick<[string, unknown]>([
        ['kind', pick(['spam', '', 'admin', 3])],
        ['fields', { email: 42 }],
        ['fields', { body: pick(UNSTORABLE) }],
        ['fields', { body: longText(5001) }],
        ['fields', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x']))],
        ['fields', pick(NOT_OBJECTS)],
      ]);
      return invalidArgs('message', { kind: 'contact', fields: {} }, bad);
    }
    case 13: {
      const bad = pick<[string, unknown]>([
        ['name', ''],
        ['name', '  '],
        ['name', longText(61)],
        ['name', longText(201)],
        ['url', 'javascript:alert(1)'],
        ['url', longText(301)],
        ['twitter', '@@not a handle!'],
        [pick(['name', 'bio', 'url']), pick(UNSTORABLE)],
        ['bio', longText(1001)],
        ['name', pick(WRONG_TYPES.filter((value) => typeof value !== 'string'))],
      ]);
      return invalidArgs('creator', { name: 'Ada' }, bad);
    }
    case 14: {
      // The envelope itself.
      const base = change('favourite', { itemId: targets.offers, on: true });
      const bad = pick<[string, unknown, RefusalCode]>([
        ['id', pick(['', 'not-a-uuid', '1', longText(300), 12, null]), 'invalid'],
        ['v', pick([0, -1, 9999]), 'version'],
        ['v', pick(['1', 1.5, null]), 'invalid'],
        ['kind', pick(['burn', '', 'BID', null, 7]), 'invalid'],
        ['args', pick(WRONG_TYPES), 'invalid'],
        ['at', pick([longText(41), 5, null, ...UNSTORABLE]), 'invalid'],
      ]);
      if (bad[0] === 'v' && bad[2] === 'version') {
        return refusedPush('an unknown version', { ...base, v: bad[1] }, 'version');
      }
      return refusedPush(`envelope with a bad ${bad[0]}`, withField(base, bad[0], bad[1]), bad[2]);
    }
    default: {
      // The id of a change Ada already made, with another body, or by another collector.
      const other = random() < 0.5;
      const body = other
        ? change('favourite', { itemId: targets.replayItem, on: true }, { id: targets.replayId })
        : change(
            ...pick<[string, unknown]>([
              ['favourite', { itemId: targets.replayItem, on: false }],
              ['favourite', { itemId: targets.offers, on: true }],
              ['bid', { itemId: targets.replayItem, priceEth: '5', quantity: 1 }],
            ]),
            { id: targets.replayId },
          );
      return {
        label: other ? "another collector's change id" : 'a replayed change id with another body',
        status: 200,
        codes: ['conflict'],
        send: () => pushBody(other ? bob : ada, [body]),
      };
    }
  }
}

/** Push requests refused as a whole. */
function badPushRequest(): FuzzCase {
  const aBid = () => change('bid', { itemId: targets.offers, priceEth: '2', quantity: 1 });
  switch (int(9)) {
    case 0:
      return {
        label: 'push with no cookie',
        status: 401,
        send: () => pushBody(anonymous(), [aBid()]),
      };
    case 1:
      return {
        label: 'push with an expired session',
        status: 401,
        send: () => pushBody(expired, [aBid(), change('message', { kind: 'contact', fields: {} })]),
      };
    case 2: {
      const cookie = `${SESSION_COOKIE}=${pick(['forged', longText(101), uuid(), ''])}`;
      return {
        label: 'push with a made-up session',
        status: 401,
        send: () =>
          anonymous().request('/api/push', {
            method: 'POST',
            headers: { cookie },
            json: { mutations: [aBid()] },
          }),
      };
    }
    case 3: {
      const origin = pick([
        'http://evil.example',
        'null',
        'http://localhost:4174',
        'https://localhost:4173',
        '',
      ]);
      return {
        label: `push from origin "${origin}"`,
        status: 403,
        send: () => pushBody(forged, [aBid()], origin),
      };
    }
    case 4: {
      const body = pick<unknown>([
        '{"mutations": [',
        'mutations=1',
        '',
        'null',
        '[]',
        '"text"',
        JSON.stringify({ mutations: [] }),
        JSON.stringify({ mutations: 'all' }),
        JSON.stringify({ mutations: {} }),
        JSON.stringify({ changes: [aBid()] }),
        JSON.stringify({ mutations: Array.from({ length: 51 }, aBid) }),
      ]);
      return {
        label: 'push of a malformed body',
        status: 400,
        send: () => json(ada, 'POST', '/api/push', body),
      };
    }
    case 5: {
      const type = pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
      ]);
      return {
        label: `push sent as ${type || 'no type'}`,
        status: 400,
        send: () =>
          ada.request('/api/push', {
            method: 'POST',
            headers: type ? { 'content-type': type } : {},
            body: JSON.stringify({ mutations: [aBid()] }),
          }),
      };
    }
    case 6: {
      const size = JSON_LIMIT + 1 + int(200_000);
      return {
        label: `push of ${size} bytes`,
        status: 413,
        send: () =>
          pushBody(ada, [change('message', { kind: 'contact', fields: { body: longText(size) } })]),
      };
    }
    case 7:
      return {
        label: 'a batch of bad changes',
        status: 200,
        codes: ['invalid', 'not-found', 'version'],
        send: () =>
          pushBody(bob, [
            change('bid', { itemId: targets.auction, priceEth: pick(BAD_AMOUNTS), quantity: 1 }),
            change('favourite', { itemId: UNKNOWN_ID, on: true }),
            change('checkout', { itemId: targets.offers }, { v: 0 }),
          ]),
      };
    default:
      return {
        label: 'signed out, a malformed message',
        status: 200,
        codes: ['invalid'],
        send: () =>
          pushBody(anonymous(), [
            change('message', {
              kind: 'contact',
              fields: {
                email: pick(
                  WRONG_TYPES.filter(
                    (value) =>
                      typeof value !== 'string' &&
                      value !== null &&
                      !Array.isArray(value) &&
                      typeof value !== 'object',
                  ),
                ),
              },
            }),
          ]),
      };
  }
}

function badAuth(): FuzzCase {
  const signup = {
    name: 'Mallory',
    email: `mallory${int(1e6)}@example.com`,
    password: TEST_PASSWORD,
    terms: true,
  };
  switch (int(12)) {
    case 0: {
      const bad = pick<[string, unknown]>([
        ['name', ''],
        ['name', longText(61)],
        ['name', longText(1001)],
        ['email', 'not-an-email'],
        ['email', ''],
        ['email', `${longText(995)}@x.co`],
        ['password', 'short'],
        ['password', longText(129)],
        ['terms', false],
        ['terms', 'yes'],
        [pick(['name', 'email', 'password']), pick(UNSTORABLE)],
        [pick(['name', 'email', 'password', 'terms']), pick(WRONG_TYPES)],
      ]);
      return {
        label: `signup with a bad ${bad[0]}`,
        status: 400,
        send: () =>
          json(anonymous(), 'POST', '/api/auth/signup', withField(signup, bad[0], bad[1])),
      };
    }
    case 1:
      return {
        label: 'signup with a taken email',
        status: 409,
        send: () =>
          json(anonymous(), 'POST', '/api/auth/signup', {
            ...signup,
            email: pick([
              adaAccount.email,
              adaAccount.email.toUpperCase(),
              ` ${adaAccount.email} `,
            ]),
          }),
      };
    case 2: {
      const bad = pick<Record<string, unknown>>([
        { email: pick(WRONG_TYPES), password: 'x' },
        {
          email: 'nobody@example.com',
          password: pick(WRONG_TYPES.filter((value) => value !== "' OR 1=1 --")),
        },
        { email: 'bad', password: 'whatever1' },
        { email: `a${pick(UNSTORABLE)}@example.com`, password: TEST_PASSWORD },
        { email: adaAccount.email, password: '' },
        {},
      ]);
      return {
        label: 'login of the wrong shape',
        status: 400,
        send: () => json(anonymous(), 'POST', '/api/auth/login', bad),
      };
    }
    case 3:
      return {
        label: 'login with a wrong password',
        status: 401,
        send: () =>
          json(
            anonymous(),
            'POST',
            '/api/auth/login',
            pick([
              { email: adaAccount.email, password: "' OR '1'='1" },
              { email: `nobody${int(1000)}@example.com`, password: TEST_PASSWORD },
            ]),
          ),
      };
    case 4:
      return {
        label: 'change password signed out',
        status: 401,
        send: () =>
          json(pick([anonymous(), expired]), 'POST', '/api/auth/password', {
            oldPassword: TEST_PASSWORD,
            newPassword: 'another one 2',
          }),
      };
    case 5: {
      const body = pick<unknown>([
        { oldPassword: TEST_PASSWORD, newPassword: 'short' },
        { oldPassword: 1, newPassword: 2 },
        {},
        'nope',
        { oldPassword: TEST_PASSWORD, newPassword: longText(129) },
      ]);
      return {
        label: 'change password of the wrong shape',
        status: 400,
        send: () => json(ada, 'POST', '/api/auth/password', body),
      };
    }
    case 6:
      return {
        label: 'change password with a wrong old one',
        status: 403,
        send: () =>
          json(ada, 'POST', '/api/auth/password', {
            oldPassword: 'wrong horse 1',
            newPassword: 'another one 2',
          }),
      };
    case 7: {
      const which = int(3);
      return which === 0
        ? {
            label: 'delete signed out',
            status: 401,
            send: () =>
              json(pick([anonymous(), expired]), 'POST', '/api/auth/delete', {
                password: TEST_PASSWORD,
              }),
          }
        : which === 1
          ? {
              label: 'delete with a wrong password',
              status: 403,
              send: () =>
                json(pick([ada, bob]), 'POST', '/api/auth/delete', {
                  password: pick(['wrong horse 1', '']),
                }),
            }
          : {
              label: 'delete of the wrong shape',
              status: 400,
              send: () =>
                json(
                  ada,
                  'POST',
                  '/api/auth/delete',
                  pick<unknown>([
                    {},
                    { password: pick(WRONG_TYPES.filter((value) => typeof value !== 'string')) },
                  ]),
                ),
            };
    }
    case 8:
      return {
        label: 'reset request of the wrong shape',
        status: 400,
        send: () =>
          json(
            anonymous(),
            'POST',
            '/api/auth/reset-request',
            pick<unknown>([
              {},
              { email: 'not-an-email' },
              { email: pick(WRONG_TYPES) },
              { email: `${pick(UNSTORABLE)}@example.com` },
              [adaAccount.email],
            ]),
          ),
      };
    case 9: {
      const [body, status] = pick<[unknown, number]>([
        [{ token: uuid(), password: 'a new password 3' }, 400],
        [{ token: '', password: 'a new password 3' }, 400],
        [{ token: longText(201), password: 'a new password 3' }, 400],
        [{ token: uuid(), password: 'short' }, 400],
        [{ token: pick(WRONG_TYPES), password: 'a new password 3' }, 400],
        [{ token: pick(UNSTORABLE), password: 'a new password 3' }, 400],
      ]);
      return {
        label: 'reset with a bad token or password',
        status,
        send: () => json(anonymous(), 'POST', '/api/auth/reset', body),
      };
    }
    case 10: {
      const path = pick([
        '/api/auth/logout',
        '/api/auth/delete',
        '/api/auth/password',
        '/api/auth/signup',
      ]);
      const origin = pick(['http://evil.example', 'null', '']);
      return {
        label: `${path} from origin "${origin}"`,
        status: 403,
        send: () => json(forged, 'POST', path, { password: TEST_PASSWORD }, origin),
      };
    }
    default: {
      const path = pick(['/api/auth/signup', '/api/auth/login', '/api/auth/reset-request']);
      return {
        label: `${path} with a huge body`,
        status: 413,
        send: () =>
          json(anonymous(), 'POST', path, { ...signup, name: longText(JSON_LIMIT + int(50_000)) }),
      };
    }
  }
}

const FAKE_IMAGES: readonly [string, Uint8Array, string][] = [
  ['SVG', SVG, 'image/svg+xml'],
  ['SVG sent as PNG', SVG, 'image/png'],
  ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
  ['text', Buffer.from('just some text, not an image at all'), 'image/jpeg'],
  ['a truncated PNG header', PNG.subarray(0, 6), 'image/png'],
  ['a bare ftyp box', Buffer.from('\0\0\0\x10ftypqt  \0\0\0\0', 'latin1'), 'video/mp4'],
  ['a PDF', Buffer.from('%PDF-1.4\n%\xe2\xe3\n', 'latin1'), 'image/png'],
];

function badImage(): FuzzCase {
  switch (int(8)) {
    case 0: {
      const [name, bytes, type] = pick(FAKE_IMAGES);
      return {
        label: `upload of ${name}`,
        status: 415,
        send: () => putImage(pick([ada, bob]), bytes, uuid(), type),
      };
    }
    case 1:
      return {
        label: 'upload signed out',
        status: 401,
        send: () => putImage(pick([anonymous(), expired]), PNG, uuid()),
      };
    case 2:
      return {
        label: 'upload with a bad id',
        status: 400,
        send: () =>
          putImage(ada, PNG, pick(['not-a-uuid', '1', 'x'.repeat(36), `${uuid()}0`, '%20'])),
      };
    case 3:
      return {
        label: 'upload of nothing',
        status: 400,
        send: () => putImage(ada, new Uint8Array(0), uuid()),
      };
    case 4:
      return {
        label: "upload over another collector's image",
        status: 403,
        send: () =>
          putImage(
            ada,
            pick([PNG, Buffer.concat([PNG, Buffer.from([int(256)])])]),
            targets.bobImage,
          ),
      };
    case 5:
      return {
        label: 'upload of other bytes under an own image id',
        status: 409,
        send: () =>
          putImage(ada, Buffer.concat([PNG, Buffer.from([1 + int(255)])]), targets.adaImage),
      };
    case 6: {
      const origin = pick(['http://evil.example', 'null', '']);
      return {
        label: `upload from origin "${origin}"`,
        status: 403,
        send: () =>
          forged.request(`/api/images/${uuid()}`, {
            method: 'PUT',
            headers: { origin, 'content-type': 'image/png' },
            body: new Blob([new Uint8Array(PNG)]),
          }),
      };
    }
    default: {
      const id = uuid();
      return {
        label: 'image that does not exist',
        status: 404,
        send: () =>
          ada.get(
            `/api/images/${pick([id, 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd', longText(300)])}`,
          ),
      };
    }
  }
}

function badRead(): FuzzCase {
  switch (int(4)) {
    case 0: {
      const query = pick([
        'since=-1',
        'since=abc',
        'since=1.5',
        'since=1e30',
        'since=NaN',
        `since=${'9'.repeat(80)}`,
        'limit=0',
        'limit=-5',
        'limit=1001',
        'limit=NaN',
        'limit=2.5',
        'since=0&limit=99999999999',
        `since=${longText(5000)}`,
      ]);
      return {
        label: `pull with ${query.slice(0, 30)}`,
        status: 400,
        send: () => pick([ada, anonymous()]).get(`/api/changes?${query}`),
      };
    }
    case 1:
      return {
        label: 'me without a valid session',
        status: 401,
        send: () => {
          const cookie = pick([
            null,
            `${SESSION_COOKIE}=forged`,
            `${SESSION_COOKIE}=${longText(500)}`,
          ]);
          return random() < 0.3
            ? expired.get('/api/me')
            : anonymous().request('/api/me', cookie ? { headers: { cookie } } : {});
        },
      };
    case 2: {
      const path = pick([
        '/api/nope',
        '/api/push',
        '/api/items/1',
        '/api/admin',
        '/api/auth/signup',
        '/api/images',
      ]);
      return { label: `GET ${path}`, status: 404, send: () => ada.get(path) };
    }
    default: {
      const [method, path] = pick<[string, string]>([
        ['POST', '/api/nope'],
        ['DELETE', '/api/me'],
        ['PUT', '/api/push'],
        ['PATCH', '/api/auth/session'],
        ['DELETE', `/api/images/${targets.bobImage}`],
      ]);
      return { label: `${method} ${path}`, status: 404, send: () => json(ada, method, path, {}) };
    }
  }
}

function generate(count: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const oversized = new Uint8Array(IMAGE_LIMIT + 1);
  oversized.set(PNG);
  // A few oversized images on their own: each is 10 MB to build and send.
  for (let i = 0; i < 3; i += 1) {
    cases.push({
      label: 'an image over 10 MB',
      status: 413,
      send: () => putImage(pick([ada, anonymous()]), oversized, uuid()),
    });
  }
  const generators = [
    [badChange, 45],
    [badPushRequest, 15],
    [badAuth, 17],
    [badImage, 13],
    [badRead, 10],
  ] as const;
  const total = generators.reduce((sum, [, weight]) => sum + weight, 0);
  while (cases.length < count) {
    let roll = random() * total;
    const [generator] = generators.find(([, weight]) => (roll -= weight) < 0) ?? generators[0];
    cases.push(generator());
  }
  return cases;
}

// ---- the judgement ------------------------------------------------------------------------------

const LEAKS = [
  /\bat .+\.(ts|js):\d+/,
  /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/,
  /password_hash|scrypt\$/,
  new RegExp(TEST_PASSWORD),
  /stack|TypeError|ReferenceError|node_modules/,
];

function judge(fuzz: FuzzCase, status: number, text: string): string | null {
  const what = `${fuzz.label}: answered ${status} ${text.slice(0, 300)}`;
  if (status !== fuzz.status) return `${what} (expected ${fuzz.status})`;
  let body: { error?: unknown } & Partial<PushResponse>;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${what} (not JSON)`;
  }
  if (LEAKS.some((leak) => leak.test(text))) return `${what} (leaks internals)`;
  if (status === 200) {
    const results = body.results ?? [];
    const codes = results.map((result) => (result.status === 'refused' ? result.code : 'applied'));
    if (JSON.stringify(codes) !== JSON.stringify(fuzz.codes)) {
      return `${what} (expected ${JSON.stringify(fuzz.codes)})`;
    }
    const silent = results.some((result) => result.status !== 'refused' || !result.error.trim());
    return silent ? `${what} (a refusal with no message)` : null;
  }
  if (typeof body.error !== 'string' || body.error.trim().length < 8) {
    return `${what} (no clear error message)`;
  }
  return null;
}

describe('the API under bad input', () => {
  it(`refuses at least ${MIN_REQUESTS} generated malformed requests and changes nothing`, async () => {
    const before = await snapshot();
    const cases = generate(600);
    const failures: string[] = [];
    let statusRefusals = 0;
    for (const fuzz of cases) {
      const response = await fuzz.send();
      const failure = judge(fuzz, response.status, await response.text());
      if (failure) failures.push(failure);
      else if (response.status !== 200) statusRefusals += 1;
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every kind of refusal was met at least once in this run.
    const statuses = new Set(cases.map((fuzz) => fuzz.status));
    expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 409, 413, 415]);

    expect(await snapshot()).toEqual(before);
    // Refused changes are remembered by id (a retry gets the same answer), and nothing else.
    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mutations WHERE status = 'applied'",
    );
    expect(rows[0]?.n).toBe(3);

    // Still serving: health, a real bid, the account's own records.
    expect((await ada.get('/api/health')).status).toBe(200);
    const bid = mutation('bid', { itemId: targets.auction, priceEth: '4', quantity: 1 });
    expect(await pushOne(bob, bid)).toMatchObject({ status: 'applied' });
    const me = await bob.get('/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { bids: { id: string }[] }).bids.map((b) => b.id)).toContain(
      bid.id,
    );

    console.log(
      `fuzz: ${cases.length} requests (seed ${SEED}), all refused: ${statusRefusals} with a 4xx, ` +
        `${cases.length - statusRefusals} as a push answering each change "refused"`,
    );
  }, 120_000);
});
