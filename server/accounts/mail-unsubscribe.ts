// One-click unsubscribe of notification mails (RFC 8058; docs/product.md "Notifications"):
// POST /api/mail/unsubscribe?t=TOKEN turns off the mail switches the token names, without
// signing in: the token is the authority (server/notifications/mail-token.ts), so this route sits
// outside the API's same-origin check (a mail provider posts it from its own servers). The switch
// is saved as a profile save is (saveProfileSection), so every device of the account hears of it
// through the account channel. GET shows a page with a button that posts: a link scanner that
// follows the mail's links unsubscribes nobody. A token this server did not sign is refused (400)
// and changes nothing.
import { Hono, type Context } from 'hono';
import { mailField } from '../../shared/notifications.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { readUnsubscribeToken, type Unsubscribe } from '../notifications/mail-token.ts';
import { saveProfileSection } from './profile.ts';

const page = (c: Context<AppEnv>, status: 200 | 400, body: string) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Artmint mail</title></head><body><main>${body}</main></body></html>`,
    status,
  );
};

const refused = (c: Context<AppEnv>) =>
  page(c, 400, '<h1>This link is not valid</h1><p>Nothing was changed.</p>');

/** Turns the token's mail switches off, one profile save per section. */
async function turnOff(db: Database, { accountId, switches }: Unsubscribe): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; name: string }>(
      'SELECT email, name FROM accounts WHERE id = $1',
      [accountId],
    );
    const account = rows[0];
    if (!account) return;
    const sections = new Map<string, Record<string, boolean>>();
    for (const { section, toggle } of switches) {
      sections.set(section, { ...sections.get(section), [mailField(toggle)]: false });
    }
    for (const [section, fields] of sections) {
      // Against the section as it stands now: only the switches change.
      const { rows: stored } = await tx.query<{ version: number }>(
        `SELECT version FROM profile_sections WHERE account_id = $1 AND section = $2
         FOR UPDATE`,
        [accountId, section],
      );
      await saveProfileSection(
        tx,
        { id: accountId, ...account },
        {
          section: section as Unsubscribe['switches'][number]['section'],
          fields,
          base: stored[0]?.version ?? 0,
        },
      );
    }
  });
}

export function mailUnsubscribeRoutes(db: Database, secret: () => Promise<string>) {
  const app = new Hono<AppEnv>();
  app.get('/unsubscribe', async (c) => {
    const token = c.req.query('t') ?? '';
    if (!readUnsubscribeToken(await secret(), token)) return refused(c);
    const action = `/api/mail/unsubscribe?t=${encodeURIComponent(token)}`;
    return page(
      c,
      200,
      `<h1>Stop these mails?</h1><p>Artmint will no longer mail you these notifications. ` +
        `They still reach your inbox in the app.</p>` +
        `<form method="post" action="${action}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">Stop these mails</button></form>`,
    );
  });
  app.post('/unsubscribe', async (c) => {
    const granted = readUnsubscribeToken(await secret(), c.req.query('t') ?? '');
    if (!granted) return refused(c);
    await turnOff(db, granted);
    return page(
      c,
      200,
      '<h1>Done</h1><p>Artmint will no longer mail you these notifications. You can turn them ' +
        'on again in your settings.</p>',
    );
  });
  return app;
}
