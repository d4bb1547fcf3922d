// Bad input at the API, as fast-check properties from a fixed seed: several hundred malformed
// requests drawn from arbitraries of every write route and the read routes with parameters,
// with rate limits off so each is judged on its content. Every one must be refused (the right
// 4xx, or, for a well-formed push, a `refused` result per change with the right code: the push
// contract answers per change), with a clear message and nothing internal in it; afterwards the
// server still serves and the database is as it was. A failure is shrunk to a small
// counterexample, shown by its label; rerun it with the seed and path fast-check prints.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
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
/** Requests drawn in one run (each is one request), besides the few oversized images. */
const RUNS = 600;
const OVERSIZED_RUNS = 3;
const MIN_REQUESTS = 500;

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
  'notifications',
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

/** What the server logged: a bad request must never make an error line. */
const logged: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ log: (line) => logged.push(line) });
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

/** Who sends a request: named in a case (readable in a counterexample), resolved when sent. */
type Who = 'ada' | 'bob' | 'anonymous' | 'expired' | 'forged';
const as = (who: Who): TestClient =>
  who === 'anonymous' ? anonymous() : { ada, bob, expired, forged }[who];

/**
 * A change's id: new for every change sent, as a device makes them. (A refused change is
 * remembered by its id, so an id fast-check happened to draw twice would be answered as a
 * replay: the ids are counted, not drawn.)
 */
let changesMade = 0;
const changeId = () => {
  changesMade += 1;
  return `00000000-0000-4000-8000-${changesMade.toString(16).padStart(12, '0')}`;
};

/** A change as a device builds it. */
const change = (kind: string, args: unknown, envelope: Record<string, unknown> = {}) => ({
  id: changeId(),
  v: MUTATION_VERSION,
  at: new Date().toISOString(),
  kind,
  args,
  ...envelope,
});

const refusedPush = (who: Who, label: string, body: unknown, code: RefusalCode): FuzzCase => ({
  label,
  status: 200,
  codes: [code],
  send: () => pushBody(as(who), [body]),
});

const withField = (base: Record<string, unknown>, key: string, value: unknown) => ({
  ...base,
  [key]: value,
});

/** A change of this kind whose args have one bad field. */
const invalidArgs = (who: Who, kind: string, args: Record<string, unknown>, [key, value]: Field) =>
  refusedPush(
    who,
    `${kind} with a bad ${key}`,
    change(kind, withField(args, key, value)),
    'invalid',
  );

// ---- arbitraries, one per kind of bad input ---------------------------------------------------

/** One of these values (fast-check shrinks toward the first). */
const oneOf = <T>(values: readonly T[]) => fc.constantFrom(...values);
const uuid = fc.uuid({ version: 4 });
/** A collector who may push: either of the two accounts. */
const pusher = oneOf<Who>(['ada', 'bob']);

/** A field and a bad value for it. */
type Field = readonly [string, unknown];
/** One of these fields with its bad value: fixed pairs, or arbitraries of pairs. */
const fields = (...options: (Field | fc.Arbitrary<Field>)[]): fc.Arbitrary<Field> =>
  fc.oneof(
    ...options.map((option) => (option instanceof fc.Arbitrary ? option : fc.constant(option))),
  );
/** `key` with one of these values. */
const field = (key: string, values: readonly unknown[]) =>
  oneOf(values).map((value): Field => [key, value]);
/** One of these keys with one of these values. */
const anyOf = (keys: readonly string[], values: readonly unknown[]) =>
  fc.tuple(oneOf(keys), oneOf(values)).map(([key, value]): Field => [key, value]);

const manyFields = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'x']));

/** Changes of every kind, refused one by one in a push answered 200. */
function badChange(): fc.Arbitrary<FuzzCase> {
  const validBid = { itemId: targets.auction, priceEth: '500', quantity: 1 };
  const item = { title: 'Work', description: 'About it', type: 'art', imageId: targets.adaImage };
  return fc.oneof(
    fc
      .tuple(pusher, oneOf(BAD_AMOUNTS), oneOf([targets.auction, targets.offers]))
      .map(([who, amount, itemId]) =>
        refusedPush(
          who,
          `bid of ${JSON.stringify(amount).slice(0, 20)}`,
          change('bid', { ...validBid, itemId, priceEth: amount }),
          'invalid',
        ),
      ),
    fc
      .tuple(pusher, oneOf(['0', '0.0', '3.55', '3.559']))
      .map(([who, priceEth]) =>
        refusedPush(
          who,
          'bid of 0 on an auction',
          change('bid', { ...validBid, priceEth }),
          'outbid',
        ),
      ),
    fc
      .tuple(pusher, oneOf(['0', '0.000000000000000001', '1.21']))
      .map(([who, priceEth]) =>
        refusedPush(
          who,
          'offer under the minimum',
          change('bid', { ...validBid, itemId: targets.offers, priceEth }),
          'too-low',
        ),
      ),
    fc
      .tuple(pusher, oneOf<unknown>([0, -1, 6, 1000, 1.5, null, '1']))
      .map(([who, quantity]) =>
        refusedPush(who, 'bid quantity', change('bid', { ...validBid, quantity }), 'invalid'),
      ),
    fc
      .tuple(pusher, oneOf(['bid', 'checkout', 'favourite']), oneOf(BAD_IDS))
      .map(([who, kind, itemId]) => {
        const args =
          kind === 'bid'
            ? { ...validBid, itemId }
            : kind === 'checkout'
              ? { itemId }
              : { itemId, on: true };
        return refusedPush(who, `${kind} on a malformed item id`, change(kind, args), 'invalid');
      }),
    fc
      .tuple(pusher, oneOf(['bid', 'checkout', 'favourite', 'follow']), fc.nat(999), fc.boolean())
      .map(([who, kind, below, on]) => {
        const args =
          kind === 'bid'
            ? { ...validBid, itemId: UNKNOWN_ID }
            : kind === 'follow'
              ? { creatorId: UNKNOWN_ID - below, on: true }
              : kind === 'checkout'
                ? { itemId: UNKNOWN_ID - below }
                : { itemId: UNKNOWN_ID - below, on };
        return refusedPush(who, `${kind} on an unknown id`, change(kind, args), 'not-found');
      }),
    // Ada's own resources, touched by Ada where the rules forbid it.
    oneOf(['bid', 'checkout', 'follow']).map((kind) =>
      refusedPush(
        'ada',
        'own item or self',
        kind === 'bid'
          ? change('bid', { ...validBid, itemId: targets.adaOwn })
          : kind === 'checkout'
            ? change('checkout', { itemId: targets.adaOwn })
            : change('follow', { creatorId: adaAccount.id, on: true }),
        'forbidden',
      ),
    ),
    // Bob's image in Ada's upload; an unknown image.
    fc.tuple(fc.boolean(), uuid).map(([theirs, unknown]) =>
      refusedPush(
        'ada',
        theirs ? "another collector's image" : 'an image never uploaded',
        change('item', {
          title: 'Borrowed',
          description: '',
          type: 'art',
          imageId: theirs ? targets.bobImage : unknown,
        }),
        theirs ? 'forbidden' : 'not-found',
      ),
    ),
    fields(
      ['title', ''],
      ['title', '   '],
      ['title', longText(101)],
      ['title', longText(201)],
      ['description', longText(2001)],
      ['description', longText(5001)],
      field(
        'rateEth',
        BAD_AMOUNTS.filter((a) => a !== ''),
      ),
      ['endDate', '2001-01-01'],
      ['endDate', 'not a date'],
      ['startDate', 'yesterday-ish'],
      ['endDate', '+275760-09-13T00:00:00Z'],
      ['startDate', '-000001-01-01T00:00:00Z'],
      anyOf(['title', 'description', 'type', 'imageId'], UNSTORABLE),
      ['type', longText(41)],
      ['imageId', longText(101)],
      field(
        'title',
        WRONG_TYPES.filter((value) => typeof value !== 'string'),
      ),
    ).map(([key, value]): FuzzCase => ({
      label: `item with a bad ${key}`,
      status: 200,
      codes: ['invalid'],
      send: () => pushBody(ada, [change('item', withField(item, key, value))]),
    })),
    fc.constant<FuzzCase>({
      label: 'checkout of an item sold to someone else',
      status: 200,
      codes: ['sold'],
      send: () => pushBody(ada, [change('checkout', { itemId: targets.sold })]),
    }),
    pusher.map((who) =>
      refusedPush(
        who,
        'bid after the end',
        change('bid', { ...validBid, itemId: targets.ended }),
        'ended',
      ),
    ),
    fc
      .tuple(
        pusher,
        fields(
          field('section', ['admin', '', 'accounts', 1]),
          ['fields', manyFields(41)],
          ['fields', { bio: longText(5001) }],
          ['fields', { nested: { deep: true } }],
          oneOf(UNSTORABLE).map((text): Field => ['fields', { firstName: text }]),
          oneOf(UNSTORABLE).map((text): Field => ['fields', { [text]: 'x' }]),
          ['fields', { [longText(61)]: 'x' }],
          field('fields', NOT_OBJECTS),
        ),
      )
      .map(([who, bad]) => invalidArgs(who, 'profile', { section: 'personal', fields: {} }, bad)),
    fc
      .tuple(
        pusher,
        fields(
          field('kind', ['spam', '', 'admin', 3]),
          ['fields', { email: 42 }],
          oneOf(UNSTORABLE).map((text): Field => ['fields', { body: text }]),
          ['fields', { body: longText(5001) }],
          ['fields', manyFields(21)],
          field('fields', NOT_OBJECTS),
        ),
      )
      .map(([who, bad]) => invalidArgs(who, 'message', { kind: 'contact', fields: {} }, bad)),
    fc
      .tuple(
        pusher,
        fields(
          ['name', ''],
          ['name', '  '],
          ['name', longText(61)],
          ['name', longText(201)],
          ['url', 'javascript:alert(1)'],
          ['url', longText(301)],
          ['twitter', '@@not a handle!'],
          anyOf(['name', 'bio', 'url'], UNSTORABLE),
          ['bio', longText(1001)],
          field(
            'name',
            WRONG_TYPES.filter((value) => typeof value !== 'string'),
          ),
        ),
      )
      .map(([who, bad]) => invalidArgs(who, 'creator', { name: 'Ada' }, bad)),
    // The envelope itself.
    fc
      .tuple(
        pusher,
        fc.oneof(
          field('id', ['', 'not-a-uuid', '1', longText(300), 12, null]).map(
            (bad) => [...bad, 'invalid'] as const,
          ),
          field('v', [0, -1, 9999]).map((bad) => [...bad, 'version'] as const),
          field('v', ['1', 1.5, null]).map((bad) => [...bad, 'invalid'] as const),
          field('kind', ['burn', '', 'BID', null, 7]).map((bad) => [...bad, 'invalid'] as const),
          field('args', WRONG_TYPES).map((bad) => [...bad, 'invalid'] as const),
          field('at', [longText(41), 5, null, ...UNSTORABLE]).map(
            (bad) => [...bad, 'invalid'] as const,
          ),
        ),
      )
      .map(([who, [key, value, code]]) => {
        const base = change('favourite', { itemId: targets.offers, on: true });
        return code === 'version'
          ? refusedPush(who, 'an unknown version', { ...base, v: value }, 'version')
          : refusedPush(who, `envelope with a bad ${key}`, withField(base, key, value), code);
      }),
    // The id of a change Ada already made, with another body, or by another collector.
    fc
      .tuple(
        fc.boolean(),
        oneOf<[string, unknown]>([
          ['favourite', { itemId: targets.replayItem, on: false }],
          ['favourite', { itemId: targets.offers, on: true }],
          ['bid', { itemId: targets.replayItem, priceEth: '5', quantity: 1 }],
        ]),
      )
      .map(([other, [kind, args]]) =>
        other
          ? refusedPush(
              'bob',
              "another collector's change id",
              change(
                'favourite',
                { itemId: targets.replayItem, on: true },
                { id: targets.replayId },
              ),
              'conflict',
            )
          : refusedPush(
              'ada',
              'a replayed change id with another body',
              change(kind, args, { id: targets.replayId }),
              'conflict',
            ),
      ),
  );
}

/** Push requests refused as a whole. */
function badPushRequest(): fc.Arbitrary<FuzzCase> {
  const aBid = () => change('bid', { itemId: targets.offers, priceEth: '2', quantity: 1 });
  return fc.oneof(
    fc.constant<FuzzCase>({
      label: 'push with no cookie',
      status: 401,
      send: () => pushBody(anonymous(), [aBid()]),
    }),
    fc.constant<FuzzCase>({
      label: 'push with an expired session',
      status: 401,
      send: () => pushBody(expired, [aBid(), change('message', { kind: 'contact', fields: {} })]),
    }),
    fc.oneof(oneOf(['forged', longText(101), '']), uuid).map((token): FuzzCase => ({
      label: 'push with a made-up session',
      status: 401,
      send: () =>
        anonymous().request('/api/push', {
          method: 'POST',
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
          json: { mutations: [aBid()] },
        }),
    })),
    oneOf([
      'http://evil.example',
      'null',
      'http://localhost:4174',
      'https://localhost:4173',
      '',
    ]).map((origin): FuzzCase => ({
      label: `push from origin "${origin}"`,
      status: 403,
      send: () => pushBody(forged, [aBid()], origin),
    })),
    oneOf<() => string>([
      () => '{"mutations": [',
      () => 'mutations=1',
      () => '',
      () => 'null',
      () => '[]',
      () => '"text"',
      () => JSON.stringify({ mutations: [] }),
      () => JSON.stringify({ mutations: 'all' }),
      () => JSON.stringify({ mutations: {} }),
      () => JSON.stringify({ changes: [aBid()] }),
      () => JSON.stringify({ mutations: Array.from({ length: 51 }, aBid) }),
    ]).map((body): FuzzCase => ({
      label: 'push of a malformed body',
      status: 400,
      send: () => json(ada, 'POST', '/api/push', body()),
    })),
    oneOf([
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ]).map((type): FuzzCase => ({
      label: `push sent as ${type || 'no type'}`,
      status: 400,
      send: () =>
        ada.request('/api/push', {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: JSON.stringify({ mutations: [aBid()] }),
        }),
    })),
    fc.integer({ min: JSON_LIMIT + 1, max: JSON_LIMIT + 200_000 }).map((size): FuzzCase => ({
      label: `push of ${size} bytes`,
      status: 413,
      send: () =>
        pushBody(ada, [change('message', { kind: 'contact', fields: { body: longText(size) } })]),
    })),
    oneOf(BAD_AMOUNTS).map((priceEth): FuzzCase => ({
      label: 'a batch of bad changes',
      status: 200,
      codes: ['invalid', 'not-found', 'version'],
      send: () =>
        pushBody(bob, [
          change('bid', { itemId: targets.auction, priceEth, quantity: 1 }),
          change('favourite', { itemId: UNKNOWN_ID, on: true }),
          change('checkout', { itemId: targets.offers }, { v: 0 }),
        ]),
    })),
    oneOf(
      WRONG_TYPES.filter(
        (value) =>
          typeof value !== 'string' &&
          value !== null &&
          !Array.isArray(value) &&
          typeof value !== 'object',
      ),
    ).map((email): FuzzCase => ({
      label: 'signed out, a malformed message',
      status: 200,
      codes: ['invalid'],
      send: () =>
        pushBody(anonymous(), [change('message', { kind: 'contact', fields: { email } })]),
    })),
  );
}

/** The account routes: signup, login, password, delete, reset. */
function badAuth(): fc.Arbitrary<FuzzCase> {
  const signup = fc.nat(999_999).map((n) => ({
    name: 'Mallory',
    email: `mallory${n}@example.com`,
    password: TEST_PASSWORD,
    terms: true,
  }));
  const signedOut = oneOf<Who>(['anonymous', 'expired']);
  const evilOrigin = oneOf(['http://evil.example', 'null', '']);
  return fc.oneof(
    fc
      .tuple(
        signup,
        fields(
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
          anyOf(['name', 'email', 'password'], UNSTORABLE),
          anyOf(['name', 'email', 'password', 'terms'], WRONG_TYPES),
        ),
      )
      .map(([body, [key, value]]): FuzzCase => ({
        label: `signup with a bad ${key}`,
        status: 400,
        send: () => json(anonymous(), 'POST', '/api/auth/signup', withField(body, key, value)),
      })),
    fc
      .tuple(
        signup,
        oneOf([adaAccount.email, adaAccount.email.toUpperCase(), ` ${adaAccount.email} `]),
      )
      .map(([body, email]): FuzzCase => ({
        label: 'signup with a taken email',
        status: 409,
        send: () => json(anonymous(), 'POST', '/api/auth/signup', { ...body, email }),
      })),
    fc
      .oneof(
        oneOf(WRONG_TYPES).map((email) => ({ email, password: 'x' })),
        oneOf(WRONG_TYPES.filter((value) => value !== "' OR 1=1 --")).map((password) => ({
          email: 'nobody@example.com',
          password,
        })),
        fc.constant({ email: 'bad', password: 'whatever1' }),
        oneOf(UNSTORABLE).map((text) => ({
          email: `a${text}@example.com`,
          password: TEST_PASSWORD,
        })),
        fc.constant({ email: adaAccount.email, password: '' }),
        fc.constant({}),
      )
      .map((body): FuzzCase => ({
        label: 'login of the wrong shape',
        status: 400,
        send: () => json(anonymous(), 'POST', '/api/auth/login', body),
      })),
    fc
      .oneof(
        fc.constant({ email: adaAccount.email, password: "' OR '1'='1" }),
        fc.nat(999).map((n) => ({ email: `nobody${n}@example.com`, password: TEST_PASSWORD })),
      )
      .map((body): FuzzCase => ({
        label: 'login with a wrong password',
        status: 401,
        send: () => json(anonymous(), 'POST', '/api/auth/login', body),
      })),
    signedOut.map((who): FuzzCase => ({
      label: 'change password signed out',
      status: 401,
      send: () =>
        json(as(who), 'POST', '/api/auth/password', {
          oldPassword: TEST_PASSWORD,
          newPassword: 'another one 2',
        }),
    })),
    oneOf<unknown>([
      { oldPassword: TEST_PASSWORD, newPassword: 'short' },
      { oldPassword: 1, newPassword: 2 },
      {},
      'nope',
      { oldPassword: TEST_PASSWORD, newPassword: longText(129) },
    ]).map((body): FuzzCase => ({
      label: 'change password of the wrong shape',
      status: 400,
      send: () => json(ada, 'POST', '/api/auth/password', body),
    })),
    fc.constant<FuzzCase>({
      label: 'change password with a wrong old one',
      status: 403,
      send: () =>
        json(ada, 'POST', '/api/auth/password', {
          oldPassword: 'wrong horse 1',
          newPassword: 'another one 2',
        }),
    }),
    fc.oneof(
      signedOut.map((who): FuzzCase => ({
        label: 'delete signed out',
        status: 401,
        send: () => json(as(who), 'POST', '/api/auth/delete', { password: TEST_PASSWORD }),
      })),
      fc.tuple(pusher, oneOf(['wrong horse 1', ''])).map(([who, password]): FuzzCase => ({
        label: 'delete with a wrong password',
        status: 403,
        send: () => json(as(who), 'POST', '/api/auth/delete', { password }),
      })),
      fc
        .oneof(
          fc.constant({}),
          oneOf(WRONG_TYPES.filter((value) => typeof value !== 'string')).map((password) => ({
            password,
          })),
        )
        .map((body): FuzzCase => ({
          label: 'delete of the wrong shape',
          status: 400,
          send: () => json(ada, 'POST', '/api/auth/delete', body),
        })),
    ),
    fc
      .oneof(
        fc.constant<unknown>({}),
        fc.constant({ email: 'not-an-email' }),
        oneOf(WRONG_TYPES).map((email) => ({ email })),
        oneOf(UNSTORABLE).map((text) => ({ email: `${text}@example.com` })),
        fc.constant([adaAccount.email]),
      )
      .map((body): FuzzCase => ({
        label: 'reset request of the wrong shape',
        status: 400,
        send: () => json(anonymous(), 'POST', '/api/auth/reset-request', body),
      })),
    fc
      .oneof(
        uuid.map((token) => ({ token, password: 'a new password 3' })),
        fc.constant({ token: '', password: 'a new password 3' }),
        fc.constant({ token: longText(201), password: 'a new password 3' }),
        uuid.map((token) => ({ token, password: 'short' })),
        oneOf(WRONG_TYPES).map((token) => ({ token, password: 'a new password 3' })),
        oneOf(UNSTORABLE).map((token) => ({ token, password: 'a new password 3' })),
      )
      .map((body): FuzzCase => ({
        label: 'reset with a bad token or password',
        status: 400,
        send: () => json(anonymous(), 'POST', '/api/auth/reset', body),
      })),
    fc
      .tuple(
        oneOf(['/api/auth/logout', '/api/auth/delete', '/api/auth/password', '/api/auth/signup']),
        evilOrigin,
      )
      .map(([path, origin]): FuzzCase => ({
        label: `${path} from origin "${origin}"`,
        status: 403,
        send: () => json(forged, 'POST', path, { password: TEST_PASSWORD }, origin),
      })),
    fc
      .tuple(
        signup,
        oneOf(['/api/auth/signup', '/api/auth/login', '/api/auth/reset-request']),
        fc.integer({ min: JSON_LIMIT, max: JSON_LIMIT + 49_999 }),
      )
      .map(([body, path, size]): FuzzCase => ({
        label: `${path} with a huge body`,
        status: 413,
        send: () => json(anonymous(), 'POST', path, { ...body, name: longText(size) }),
      })),
  );
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

/** A PNG with one more byte at its end: other bytes than the image uploaded. */
const pngPlus = (byte: number) => Buffer.concat([PNG, Buffer.from([byte])]);

/** The image routes. */
function badImage(): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    fc.tuple(oneOf(FAKE_IMAGES), pusher, uuid).map(([[name, bytes, type], who, id]): FuzzCase => ({
      label: `upload of ${name}`,
      status: 415,
      send: () => putImage(as(who), bytes, id, type),
    })),
    fc.tuple(oneOf<Who>(['anonymous', 'expired']), uuid).map(([who, id]): FuzzCase => ({
      label: 'upload signed out',
      status: 401,
      send: () => putImage(as(who), PNG, id),
    })),
    fc
      .oneof(
        oneOf(['not-a-uuid', '1', 'x'.repeat(36), '%20']),
        uuid.map((id) => `${id}0`),
      )
      .map((id): FuzzCase => ({
        label: 'upload with a bad id',
        status: 400,
        send: () => putImage(ada, PNG, id),
      })),
    uuid.map((id): FuzzCase => ({
      label: 'upload of nothing',
      status: 400,
      send: () => putImage(ada, new Uint8Array(0), id),
    })),
    fc.oneof(fc.constant(PNG), fc.nat(255).map(pngPlus)).map((bytes): FuzzCase => ({
      label: "upload over another collector's image",
      status: 403,
      send: () => putImage(ada, bytes, targets.bobImage),
    })),
    fc.integer({ min: 1, max: 255 }).map((byte): FuzzCase => ({
      label: 'upload of other bytes under an own image id',
      status: 409,
      send: () => putImage(ada, pngPlus(byte), targets.adaImage),
    })),
    fc.tuple(oneOf(['http://evil.example', 'null', '']), uuid).map(([origin, id]): FuzzCase => ({
      label: `upload from origin "${origin}"`,
      status: 403,
      send: () =>
        forged.request(`/api/images/${id}`, {
          method: 'PUT',
          headers: { origin, 'content-type': 'image/png' },
          body: new Blob([new Uint8Array(PNG)]),
        }),
    })),
    fc
      .oneof(uuid, oneOf(['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', longText(300)]))
      .map((id): FuzzCase => ({
        label: 'image that does not exist',
        status: 404,
        send: () => ada.get(`/api/images/${id}`),
      })),
  );
}

/** The read routes with parameters, and routes that do not exist. */
function badRead(): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    fc
      .tuple(
        oneOf<Who>(['ada', 'anonymous']),
        oneOf([
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
        ]),
      )
      .map(([who, query]): FuzzCase => ({
        label: `pull with ${query.slice(0, 30)}`,
        status: 400,
        send: () => as(who).get(`/api/changes?${query}`),
      })),
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant('expired' as const) },
        {
          weight: 7,
          arbitrary: oneOf([
            null,
            `${SESSION_COOKIE}=forged`,
            `${SESSION_COOKIE}=${longText(500)}`,
          ]),
        },
      )
      .map((cookie): FuzzCase => ({
        label: 'me without a valid session',
        status: 401,
        send: () =>
          cookie === 'expired'
            ? expired.get('/api/me')
            : anonymous().request('/api/me', cookie ? { headers: { cookie } } : {}),
      })),
    oneOf([
      '/api/nope',
      '/api/push',
      '/api/items/1',
      '/api/admin',
      '/api/auth/signup',
      '/api/images',
    ]).map((path): FuzzCase => ({ label: `GET ${path}`, status: 404, send: () => ada.get(path) })),
    oneOf<[string, string]>([
      ['POST', '/api/nope'],
      ['DELETE', '/api/me'],
      ['PUT', '/api/push'],
      ['PATCH', '/api/auth/session'],
      ['DELETE', `/api/images/${targets.bobImage}`],
    ]).map(([method, path]): FuzzCase => ({
      label: `${method} ${path}`,
      status: 404,
      send: () => json(ada, method, path, {}),
    })),
  );
}

/** Every kind of bad input, in the proportions of the API's surface; shown by its label. */
function badRequest(): fc.Arbitrary<FuzzCase> {
  return fc
    .oneof(
      { weight: 45, arbitrary: badChange() },
      { weight: 15, arbitrary: badPushRequest() },
      { weight: 17, arbitrary: badAuth() },
      { weight: 13, arbitrary: badImage() },
      { weight: 10, arbitrary: badRead() },
    )
    .map(labelled);
}

/** An image over the limit: 10 MB to build and send, so only a few, on their own. */
function oversizedImage(): fc.Arbitrary<FuzzCase> {
  const oversized = new Uint8Array(IMAGE_LIMIT + 1);
  oversized.set(PNG);
  return fc.tuple(oneOf<Who>(['ada', 'anonymous']), uuid).map(([who, id]) =>
    labelled({
      label: 'an image over 10 MB',
      status: 413,
      send: () => putImage(as(who), oversized, id),
    }),
  );
}

/** fast-check shows a counterexample by its label and what the contract expects. */
const labelled = (fuzz: FuzzCase): FuzzCase =>
  Object.assign(fuzz, {
    [fc.toStringMethod]: () =>
      `${fuzz.label} (expects ${fuzz.status}${fuzz.codes ? ` ${fuzz.codes.join(', ')}` : ''})`,
  });

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
    const sent: FuzzCase[] = [];
    let statusRefusals = 0;
    const refused = async (fuzz: FuzzCase) => {
      const response = await fuzz.send();
      const failure = judge(fuzz, response.status, await response.text());
      if (failure) throw new Error(failure);
      sent.push(fuzz);
      if (response.status !== 200) statusRefusals += 1;
    };
    await fc.assert(fc.asyncProperty(oversizedImage(), refused), {
      numRuns: OVERSIZED_RUNS,
      seed: SEED,
    });
    await fc.assert(fc.asyncProperty(badRequest(), refused), { numRuns: RUNS, seed: SEED });
    expect(sent.length).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every kind of refusal was met at least once in this run.
    const statuses = new Set(sent.map((fuzz) => fuzz.status));
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
      `fuzz: ${sent.length} requests (seed ${SEED}), all refused: ${statusRefusals} with a 4xx, ` +
        `${sent.length - statusRefusals} as a push answering each change "refused"`,
    );
  }, 120_000);
});

// ---- every public GET under well-shaped extremes ---------------------------------------------

/** Numbers as a query may carry them: out of every column's range, not whole, not numbers. */
const NUMBERS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'NaN',
  '',
  '%201',
  '0x10',
  '2147483648',
  '9999999999',
  '99999999999999999999',
  '%D9%A3',
];
/** Ids in a path: the largest integer id, past it, 10 and 20 digits, not whole, not numbers. */
const PATH_IDS = ['0', '-1', '1.5', '1e3', '2147483647', '2147483648', '9999999999'];
const LONG_IDS = ['99999999999999999999', 'abc', '%20', '%F0%9F%98%80'];
/** Cursors of each shape, with numbers past their column's range. */
const CURSORS = [
  '1.5:7',
  '7:1.5',
  '1.5',
  '9999999999',
  '-9999999999',
  '99999999999999999999',
  '2147483647',
  '1:2:3',
  ':',
  '1:',
  ':1',
  '9999:9999999999',
  '999999999999999:9999999999',
  'NaN:NaN',
  '5:-2147483649',
];
/** Searches: unicode, a NUL, broken percent-encoding, long text. */
const TEXTS = [
  '%C3%B8%C5%82%C3%9F%C3%A6',
  '%F0%9F%98%80',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%25',
  `${'%C3%A9'.repeat(300)}`,
  "'%20OR%201=1%20--",
  '*%3A*%20%26%20!',
];
/** History cursors: base64url of times PostgreSQL cannot hold, and of other text. */
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const BEFORES = [
  base64url('0000-01-01T00:00:00.000000Z x'),
  base64url('9999-12-31T23:59:59.999999Z x'),
  base64url('2026-02-30T00:00:00.000000Z x'),
  base64url(`2026-01-01T00:00:00.000000Z ${'\u0000'}`),
  '1.5:7',
  '',
  'A'.repeat(401),
];

/** Each query of `name` with every value, added to `base`. */
const each = (path: string, base: string, name: string, values: readonly string[]) =>
  values.map((value) => `${path}?${base}${base ? '&' : ''}${name}=${value}`);

function extremePaths(): string[] {
  const lists = [
    ...['creator', 'owner', 'page', 'pageSize'].flatMap((name) =>
      each('/api/items', '', name, NUMBERS),
    ),
    ...['', 'sort=top', 'sort=low', 'running=1', 'q=neon&sort=top', 'category=Art'].flatMap(
      (base) => each('/api/items', base, 'after', CURSORS),
    ),
    ...each('/api/items', '', 'q', TEXTS),
    ...each('/api/items', 'sort=low', 'q', TEXTS),
    ...['category', 'market', 'sale', 'sort', 'running'].flatMap((name) =>
      each('/api/items', '', name, ['', '%00', 'art', '1', '%F0%9F%98%80']),
    ),
    '/api/items?page=1&page=99',
    '/api/items?pageSize=12&pageSize=1000',
    '/api/items?after=1&after=1.5:7',
    '/api/items?page=50&pageSize=60&q=a',
    ...['page', 'pageSize'].flatMap((name) => each('/api/creators', '', name, NUMBERS)),
    ...['order=list', 'order=followers'].flatMap((base) =>
      each('/api/creators', base, 'after', CURSORS),
    ),
    ...each('/api/creators', '', 'q', TEXTS),
    ...each('/api/creators', 'order=followers', 'page', NUMBERS),
    ...['page', 'pageSize'].flatMap((name) => each('/api/collections', '', name, NUMBERS)),
    ...['since', 'limit'].flatMap((name) => each('/api/changes', '', name, NUMBERS)),
    '/api/changes?since=9007199254740993',
    '/api/changes?since=9223372036854775808',
    '/api/changes?since=0&since=-1',
    ...['since', 'limit'].flatMap((name) => each('/api/me/changes', '', name, NUMBERS)),
    '/api/me/changes?since=9007199254740993',
    ...each(
      '/api/snapshot',
      '',
      'page',
      ['focus:item', 'creator', 'item'].flatMap((kind) =>
        [...PATH_IDS, ...LONG_IDS].map((id) => `${kind}:${id}`),
      ),
    ),
    ...each('/api/snapshot', '', 'page', ['', 'focus:creator:1', 'activity:1', '%00']),
    ...[...PATH_IDS, ...LONG_IDS].map((id) => `/api/creators/${id}`),
    ...[...PATH_IDS, ...LONG_IDS].map((id) => `/api/items/${id}/bids`),
    ...[
      '/api/activity',
      '/api/me/bids',
      '/api/notifications',
      `/api/items/${targets.auction}/bids`,
    ].flatMap((path) => [
      ...each(path, '', 'before', BEFORES),
      ...each(path, '', 'limit', NUMBERS),
    ]),
    ...[...PATH_IDS, ...LONG_IDS].map((id) => `/api/images/${id}`),
    ...['since', 'mine'].flatMap((name) =>
      each('/api/events', '', name, ['-1', '1.5', 'NaN', 'abc', '99999999999999999999']),
    ),
  ];
  return lists;
}

describe('every public GET under well-shaped extremes', () => {
  it('answers each with a 2xx or a 4xx with a clear message, never a 5xx or a log line', async () => {
    const paths = extremePaths();
    const failures: string[] = [];
    const logsBefore = logged.length;
    for (const path of paths) {
      const response = await ada.get(path);
      const type = response.headers.get('content-type') ?? '';
      const text = type.startsWith('image/') ? '' : await response.text();
      const what = `GET ${path.slice(0, 120)}: answered ${response.status} ${text.slice(0, 160)}`;
      if (response.status >= 500) failures.push(what);
      else if (response.status >= 400) {
        const body = JSON.parse(text) as { error?: unknown };
        if (typeof body.error !== 'string' || body.error.trim().length < 8) {
          failures.push(`${what} (no clear error message)`);
        } else if (LEAKS.some((leak) => leak.test(text))) {
          failures.push(`${what} (leaks internals)`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(logged.slice(logsBefore)).toEqual([]);
    expect(paths.length).toBeGreaterThan(300);
    expect(paths.length).toBeLessThan(600);
  }, 60_000);
});
