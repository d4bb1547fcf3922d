// Notification mails (docs/product.md "Notifications"): gathered per account, at most one every
// interval, the kinds whose toggle and mail switch are on, every row mailed at least once across a
// crash; each mail's one-click unsubscribe (RFC 8058) turns its switches off without signing in,
// and a forged token changes nothing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKETPLACE_SECTION } from '../../shared/notifications.ts';
import { createMailer, type Mail, type Mailer } from '../mail.ts';
import { settleDue } from '../market/settlement.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { sendMailDigests, type MailDigestOptions } from './mail-digest.ts';
import { mailSecret, unsubscribeToken } from './mail-token.ts';

const { server } = await serverWithAccounts();
const ORIGIN = 'https://artmint.example';
const secret = await mailSecret(server.db);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'artmint-digest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = (mailer: Mailer, more: Partial<MailDigestOptions> = {}): MailDigestOptions => ({
  mailer: mailer,
  origin: ORIGIN,
  secret,
  log: () => undefined,
  ...more,
});
const fileMailer = () => createMailer({ dir, log: () => undefined });
const digest = (more: Partial<MailDigestOptions> = {}) =>
  sendMailDigests(server.db, options(fileMailer(), more));

/** The .eml files written, each as its unfolded headers and its decoded text. */
function written(): { headers: Map<string, string>; text: string }[] {
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const [head = '', ...body] = raw.split('\n\n');
      const headers = new Map<string, string>();
      for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
        const at = line.indexOf(':');
        headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
      }
      let text = body.join('\n\n');
      if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
        text = Buffer.from(
          text
            .replace(/=\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
      }
      return { headers, text };
    });
}

const mailTo = (email: string) => written().filter((m) => m.headers.get('to') === email);

async function collector(name: string): Promise<{ client: TestClient; id: number; email: string }> {
  const client = server.client();
  const { id, email } = await client.signUp(name);
  return { client, id, email };
}

const bid = (itemId: number, priceEth: string) =>
  mutation('bid', { itemId, priceEth, quantity: 1 });

async function applied(client: TestClient, one: ReturnType<typeof mutation>): Promise<void> {
  expect(await pushOne(client, one)).toMatchObject({ status: 'applied' });
}

/** An auction of `seller` that `winner` wins over `loser`, settled. */
async function auctionWon(sellerId: number, loser: TestClient, winner: TestClient) {
  const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: sellerId });
  await applied(loser, bid(itemId, '4'));
  await applied(winner, bid(itemId, '5'));
  await server.db.query(`UPDATE items SET ends_at = now() - interval '1 second' WHERE id = $1`, [
    itemId,
  ]);
  expect(await settleDue(server.db)).toContain(itemId);
  return itemId;
}

/** An offer of `buyer` that the owner accepts: "offer accepted" for the buyer. */
async function offerAccepted(owner: TestClient, ownerId: number, buyer: TestClient) {
  const itemId = await makeItem(server, { saleKind: 'offers', ownerId });
  const offer = bid(itemId, '1.5');
  await applied(buyer, offer);
  await applied(owner, mutation('accept-offer', { itemId, bidId: offer.id }));
  return itemId;
}

describe('the gathered mail', () => {
  it('mails each account its new won, sold and lost, with links and the unsubscribe headers', async () => {
    const seller = await collector('Sela');
    const loser = await collector('Lou');
    const winner = await collector('Win');
    const itemId = await auctionWon(seller.id, loser.client, winner.client);
    await digest();

    const [won, ...moreWon] = mailTo(winner.email);
    expect(moreWon).toEqual([]);
    expect(won?.headers.get('subject')).toBe('Artmint: You won the auction');
    expect(won?.text).toContain(`Test item ${itemId} is yours for 5.00 ETH.`);
    expect(won?.text).toContain(`${ORIGIN}/item-detail/${itemId}`);
    expect(won?.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${ORIGIN}/api/mail/unsubscribe\\?t=[\\w-]+\\.[\\w-]+>$`),
    );
    expect(won?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const [sold] = mailTo(seller.email);
    expect(sold?.headers.get('subject')).toBe('Artmint: Your item sold');
    expect(sold?.text).toContain(`Test item ${itemId} sold to Win for 5.00 ETH.`);
    // Outbid's mail switch is off by default: the loser's mail gathers the result alone.
    const [lost, ...moreLost] = mailTo(loser.email);
    expect(moreLost).toEqual([]);
    expect(lost?.headers.get('subject')).toBe('Artmint: You lost the auction');
    expect(lost?.text).not.toContain('You were outbid');

    // Mailed once: the next run has nothing new for them.
    await digest({ minutes: 0 });
    expect(mailTo(winner.email)).toHaveLength(1);
    expect(mailTo(seller.email)).toHaveLength(1);
  });

  it('gathers several into one mail, the newest first, and mails none of a kind turned off', async () => {
    const buyer = await collector('Bea');
    const owner = await collector('Oto');
    await applied(
      buyer.client,
      mutation('profile', { section: MARKETPLACE_SECTION, fields: { outbidMail: true }, base: 0 }),
    );
    const first = await offerAccepted(owner.client, owner.id, buyer.client);
    const second = await offerAccepted(owner.client, owner.id, buyer.client);
    // Another collector outbids the buyer: outbid's mail switch is now on for them.
    const third = await makeItem(server, { saleKind: 'auctions', ownerId: owner.id });
    const rival = await collector('Ria');
    await applied(buyer.client, bid(third, '4'));
    await applied(rival.client, bid(third, '5'));
    // Offers' mail switch is off by default: the owner gets no mail of the offers received.
    await digest();
    const [mail, ...more] = mailTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail?.headers.get('subject')).toBe('Artmint: You were outbid, and 2 more');
    const order = [third, second, first].map((id) => mail?.text.indexOf(`/item-detail/${id}`));
    expect(order.every((at) => at !== undefined && at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a = 0, b = 0) => a - b));
    expect(mailTo(owner.email)).toEqual([]);
  });

  it('counts past the newest 20 as "and N more"', async () => {
    const buyer = await collector('Many');
    const owner = await collector('Owns');
    for (let i = 0; i < 22; i += 1) await offerAccepted(owner.client, owner.id, buyer.client);
    await digest();
    const [mail] = mailTo(buyer.email);
    expect(mail?.headers.get('subject')).toBe('Artmint: Your offer was accepted, and 21 more');
    expect(mail?.text.match(/Your offer was accepted\n/g)).toHaveLength(20);
    expect(mail?.text).toContain(`And 2 more: ${ORIGIN}/notifications`);
  });

  it('sends at most one mail an interval; what comes meanwhile goes in the next', async () => {
    const buyer = await collector('Ivy');
    const owner = await collector('Ike');
    await offerAccepted(owner.client, owner.id, buyer.client);
    await digest();
    expect(mailTo(buyer.email)).toHaveLength(1);
    const later = await offerAccepted(owner.client, owner.id, buyer.client);
    await digest();
    expect(mailTo(buyer.email)).toHaveLength(1);
    await server.db.query(
      `UPDATE mail_accounts SET sent_at = now() - interval '10 minutes 1 second'
       WHERE account_id = $1`,
      [buyer.id],
    );
    await digest();
    const mails = mailTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.headers.get('subject')).toBe('Artmint: Your offer was accepted');
    expect(mails[1]?.text).toContain(`/item-detail/${later}`);
  });

  it('reads and settles accounts with nothing to mail in a few statements, however many', async () => {
    // Whatever waits from earlier tests is mailed or done first.
    await digest({ minutes: 0 });
    const owner = await collector('Many');
    const bidders: { client: TestClient; id: number; email: string }[] = [];
    for (let i = 0; i < 7; i += 1) bidders.push(await collector(`Bidder ${i}`));
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: owner.id });
    // Each bid outbids the one before: six accounts with an outbid waiting, which is not
    // mailed (its mail switch is off by default).
    for (const [i, bidder] of bidders.entries())
      await applied(bidder.client, bid(itemId, `${4 + i}`));
    const ids = bidders.map((bidder) => bidder.id);
    const waitingOf = async () =>
      (
        await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM mail_waiting WHERE account_id = ANY($1::int[])',
          [ids],
        )
      ).rows[0]?.n;
    expect(await waitingOf()).toBe(6);

    const { db } = server;
    const { query, transaction } = db;
    let calls = 0;
    const statements: string[] = [];
    db.query = ((...args: Parameters<typeof query>) => {
      calls += 1;
      statements.push(String(args[0]));
      return query.apply(db, args);
    }) as typeof query;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      calls += 1;
      return transaction.apply(db, args);
    }) as typeof transaction;
    try {
      expect(await digest({ minutes: 0 })).toBe(0);
    } finally {
      Object.assign(db, { query, transaction });
    }
    // The claim, three reads for the batch, and one transaction that settles it (one account at
    // a time took four calls each).
    expect(calls).toBe(5);
    // No row is to be mailed, so no row's record (its item's picture, its actor) is built.
    expect(statements.filter((sql) => sql.includes('artmint_notification_record'))).toEqual([]);
    expect(await waitingOf()).toBe(0);
    for (const bidder of bidders) expect(mailTo(bidder.email)).toEqual([]);
  });

  it('a process dead after the mailer accepted, before its rows were done: mailed again', async () => {
    const buyer = await collector('Kai');
    const owner = await collector('Kit');
    const itemId = await offerAccepted(owner.client, owner.id, buyer.client);
    const accepted: Mail[] = [];
    // The mailer accepts the mail, and the process dies before it hears so.
    const dying: Mailer = {
      send: (mail) => {
        accepted.push(mail);
        return new Promise<never>(() => undefined);
      },
    };
    void sendMailDigests(server.db, options(dying));
    await expect.poll(() => accepted.length).toBe(1);
    // Another process, while the dead one's claim holds: nothing.
    await digest();
    expect(mailTo(buyer.email)).toEqual([]);
    // Once the claim ends, the mail goes again.
    await server.db.query(
      `UPDATE mail_accounts SET claimed_until = now() - interval '1 second' WHERE account_id = $1`,
      [buyer.id],
    );
    await digest();
    const [again] = mailTo(buyer.email);
    expect(again?.text).toContain(`/item-detail/${itemId}`);
  });

  it('two runs at once (two server processes) mail each account once', async () => {
    const owner = await collector('Two');
    const buyers = [await collector('Tia'), await collector('Tom'), await collector('Tu')];
    for (const buyer of buyers) await offerAccepted(owner.client, owner.id, buyer.client);
    await Promise.all([digest({ batch: 1 }), digest({ batch: 1 })]);
    for (const buyer of buyers) expect(mailTo(buyer.email)).toHaveLength(1);
  });

  it('a mail the mailer refused is tried again', async () => {
    const buyer = await collector('Rex');
    const owner = await collector('Roo');
    await offerAccepted(owner.client, owner.id, buyer.client);
    const refusing: Mailer = { send: () => Promise.reject(new Error('451 try later')) };
    expect(await sendMailDigests(server.db, options(refusing))).toBe(0);
    await server.db.query(
      `UPDATE mail_accounts SET claimed_until = now() - interval '1 second' WHERE account_id = $1`,
      [buyer.id],
    );
    await digest();
    expect(mailTo(buyer.email)).toHaveLength(1);
  });
});

describe('the one-click unsubscribe', () => {
  /** A request as a mail provider makes it: from its own servers, no Origin, no session. */
  const provider = (path: string, method = 'POST') =>
    server.app.request(`http://localhost:4173${path}`, {
      method,
      ...(method === 'POST'
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          }
        : {}),
    });

  const mailSwitches = async (accountId: number) =>
    (
      await server.db.query<{ fields: Record<string, unknown> }>(
        `SELECT fields FROM profile_sections WHERE account_id = $1 AND section = $2`,
        [accountId, MARKETPLACE_SECTION],
      )
    ).rows[0]?.fields ?? {};

  async function mailedUnsubscribe(): Promise<{ id: number; path: string }> {
    const buyer = await collector('Una');
    const owner = await collector('Uri');
    await offerAccepted(owner.client, owner.id, buyer.client);
    await digest();
    const header = mailTo(buyer.email)[0]?.headers.get('list-unsubscribe') ?? '';
    const url = new URL(header.slice(1, -1));
    expect(url.origin).toBe(ORIGIN);
    return { id: buyer.id, path: `${url.pathname}${url.search}` };
  }

  it('GET shows a button that posts and changes nothing; POST turns the mail switch off', async () => {
    const { id, path } = await mailedUnsubscribe();
    const page = await provider(path, 'GET');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('<button type="submit">Stop these mails</button>');
    expect(await mailSwitches(id)).toEqual({});

    const done = await provider(path);
    expect(done.status).toBe(200);
    expect(await mailSwitches(id)).toEqual({ offerAcceptedMail: false });
    // Saved as a profile save is: the account's devices hear of it on the account channel.
    const { rows } = await server.db.query<{ data: { fields: Record<string, unknown> } }>(
      `SELECT data FROM account_changes WHERE account_id = $1 AND topic = 'profile' AND key = $2
       ORDER BY seq DESC LIMIT 1`,
      [id, MARKETPLACE_SECTION],
    );
    expect(rows[0]?.data.fields).toEqual({ offerAcceptedMail: false });
  });

  it('a mail switch turned off mails nothing more of its kinds', async () => {
    const { id, path } = await mailedUnsubscribe();
    expect((await provider(path)).status).toBe(200);
    const owner = await collector('Ulf');
    const { rows } = await server.db.query<{ email: string }>(
      'SELECT email FROM accounts WHERE id = $1',
      [id],
    );
    const buyerClient = server.client();
    const login = await buyerClient.post('/api/auth/login', {
      email: rows[0]?.email,
      password: 'correct horse 1',
    });
    expect(login.status).toBe(200);
    await offerAccepted(owner.client, owner.id, buyerClient);
    await server.db.query(`UPDATE mail_accounts SET sent_at = NULL WHERE account_id = $1`, [id]);
    await digest();
    // The mail that carried the link, and none since.
    expect(mailTo(rows[0]?.email ?? '')).toHaveLength(1);
  });

  it('refuses a forged or changed token (400) and changes nothing', async () => {
    const { id, path } = await mailedUnsubscribe();
    const victim = await collector('Vic');
    const token = new URL(path, ORIGIN).searchParams.get('t') ?? '';
    const [, signature] = token.split('.');
    // The same signature over another account.
    const otherPayload = Buffer.from(
      JSON.stringify({ a: victim.id, s: [`${MARKETPLACE_SECTION}.offerAccepted`] }),
    ).toString('base64url');
    const forgedWithOtherSecret = unsubscribeToken('not the secret', {
      accountId: victim.id,
      switches: [{ section: MARKETPLACE_SECTION, toggle: 'offerAccepted' }],
    });
    for (const bad of [
      `${otherPayload}.${signature}`,
      forgedWithOtherSecret,
      `${token}x`,
      token.replace('.', ''),
      '',
    ]) {
      const answer = await provider(`/api/mail/unsubscribe?t=${encodeURIComponent(bad)}`);
      expect(answer.status).toBe(400);
      expect(
        (await provider(`/api/mail/unsubscribe?t=${encodeURIComponent(bad)}`, 'GET')).status,
      ).toBe(400);
    }
    expect(await mailSwitches(victim.id)).toEqual({});
    expect(await mailSwitches(id)).toEqual({});
  });
});
