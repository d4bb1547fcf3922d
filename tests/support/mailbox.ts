import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { currentServer } from './spec-server';

// The mail the spec file's server writes (no mail server configured): one .eml file per
// message in its data folder's mail/.

const mailDir = () => join(currentServer().dataDir, 'mail');

let count = 0;
/** An address no other test of the file uses (its server keeps their accounts). */
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
    files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(join(mailDir(), f), 'utf8')))
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
    }, `a reset mail to ${email} in ${mailDir()}`)
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
