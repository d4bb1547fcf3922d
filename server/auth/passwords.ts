// Passwords are stored only as scrypt hashes (node:crypto): a random 16-byte salt per password,
// N = 2^17, r = 8, p = 1 (OWASP's minimum; about 0.45 s and 128 MiB a hash on a 2-core server),
// compared in constant time. A hash made at a lower cost is still accepted, and the caller makes
// it again at today's cost (needsRehash). At 128 MiB each, hashes run two at a time; a few more
// wait their turn and the rest are refused as busy (HashingBusy), so a burst of sign-ins can
// neither exhaust the server's memory nor queue without end.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Gate } from '../http/gate.ts';

const KEY_LENGTH = 32;
export const PASSWORD_COST = { N: 2 ** 17, r: 8, p: 1 };
/** Hashes at once, and hashes waiting for a turn, at most. */
const RUNNING = 2;
const WAITING = 32;

/** Too many passwords being hashed: the request is refused rather than queued. */
export class HashingBusy extends Error {
  constructor() {
    super('Too many sign-ins at once');
    this.name = 'HashingBusy';
  }
}

const hashing = new Gate(RUNNING, WAITING, () => new HashingBusy());

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const memory = 128 * (options.N ?? 0) * (options.r ?? 0) * (options.p ?? 1);
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { ...options, maxmem: memory + 32 * 1024 * 1024 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** The cost a stored hash was made at, or null when it is no hash of ours. */
function costOf(stored: string): { N: number; r: number; p: number } | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  // Never more than today's cost: a stored hash cannot make the server spend more.
  if (!(cost.N >= 2 && cost.N <= PASSWORD_COST.N && (cost.N & (cost.N - 1)) === 0)) return null;
  if (!(cost.r >= 1 && cost.r <= PASSWORD_COST.r && cost.p === 1)) return null;
  return cost;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const cost = costOf(stored);
  const parts = stored.split('$');
  if (!cost) return false;
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const key = await derive(password, Buffer.from(parts[4] ?? '', 'base64url'), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made at less than today's cost (made again at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const cost = costOf(stored);
  return (
    cost !== null &&
    (cost.N < PASSWORD_COST.N || cost.r !== PASSWORD_COST.r || cost.p !== PASSWORD_COST.p)
  );
}

// Checked against when an email is unknown, so a login takes as long either way and the
// response time does not tell which emails have accounts. Made at today's cost.
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('base64url'));
  return decoy;
}
