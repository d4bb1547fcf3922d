// Password-reset requests, worked off a queue after the request has been answered: whether the
// email has an account, the token and the mail all happen later, so the answer takes the same
// time either way (nobody learns by timing which emails have accounts) and a mail server that
// is slow or never answers holds up nobody. The queue is bounded: past it the request is
// refused as busy, for every email alike.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail.ts';
import { hashToken } from './sessions.ts';

export const RESET_TOKEN_MINUTES = 60;
/** Requests waiting at most. */
const QUEUE_MAX = 200;
/** A mail that takes longer than this is given up (the collector can ask again). */
const MAIL_TIMEOUT_MS = 30_000;

export interface ResetRequests {
  /** Queues a request for `email` (normalised); false when the queue is full. */
  add(email: string): boolean;
  /** Resolves once every queued request has been worked off. */
  idle(): Promise<void>;
}

export function resetRequests(
  db: Database,
  mailer: Mailer,
  origin: string,
  log: (line: string) => void,
): ResetRequests {
  const queue: string[] = [];
  let working: Promise<void> | null = null;

  async function handle(email: string): Promise<void> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [
      email,
    ]);
    const account = rows[0];
    if (!account) return;
    const token = randomBytes(24).toString('base64url');
    await db.query(
      'INSERT INTO reset_tokens (token_hash, account_id, expires_at) VALUES ($1, $2, $3)',
      [hashToken(token), account.id, new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000)],
    );
    // The link is always on the server's own origin, never on the request's Host.
    const link = new URL(`/reset-password?token=${token}`, origin).href;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      mailer.send({
        to: email,
        subject: 'Reset your Artmint password',
        text: `Someone asked to reset the password of your Artmint account.\n\nTo choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:\n${link}\n\nYour reset code: ${token}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the mail server did not answer')),
          MAIL_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }

  async function work(): Promise<void> {
    for (let email = queue.shift(); email !== undefined; email = queue.shift()) {
      try {
        await handle(email);
      } catch (error) {
        // One line, no address and no message body.
        log(`reset request: ${(error as Error).name}: the mail was not sent`);
      }
    }
    working = null;
  }

  return {
    add(email) {
      if (queue.includes(email)) return true;
      if (queue.length >= QUEUE_MAX) return false;
      queue.push(email);
      working ??= work();
      return true;
    },
    async idle() {
      while (working) await working;
    },
  };
}
