import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// The mail the e2e server writes (no mail server configured): one .eml file per message in
// its data folder's mail/ (playwright.config.ts: DATA_DIR is .tmp/e2e-data-<PW_PORT>).

const port = Number(process.env.PW_PORT ?? 4173);
export const MAIL_DIR = join('.tmp', `e2e-data-${port}`, 'mail');

let count = 0;
/** An address no other test of the run uses (the server keeps its accounts for the run). */
export function uniqueEmail(name: string): string {
  count += 1;
  return `${name}.${Date.now().toString(36)}${count}@example.com`;
}

/** A quoted-printable body as text: soft line breaks joined, =XX escapes decoded. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function mailsTo(email: string): string[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(join(MAIL_DIR, f), 'utf8')))
    .filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail));
}

/** The path and query of the reset link in the newest reset mail sent to `email`. */
export async function readResetLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mail = mailsTo(email).at(-1) ?? '';
      link = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? '';
      return link;
    }, `a reset mail to ${email} in ${MAIL_DIR}`)
    .not.toBe('');
  return link;
}

/** Chromium logs every 4xx answer to a fetch as a console error: this pattern matches the
 * refusal a test provokes on purpose (e.g. 401 on /api/auth/login for a wrong password). */
export function refusal(status: number, route: string): RegExp {
  return new RegExp(`status of ${status} .*/api/auth/${route}\\b`);
}

/** A server round trip (scrypt there) plus the device's own slow hash of the password: on a
 * loaded 2-core machine this takes seconds, so what follows a submit waits longer. */
export const SERVER_ROUND_TRIP = { timeout: 30_000 };
