// Password hashing for the device account (docs/product.md "Writes": the password is stored only as a
// salted slow hash, never in plain text): PBKDF2-SHA-256 through Web Crypto, a random 16-byte
// salt per hash, and a constant-time comparison when checking.
import type { AccountRecord } from '@/data/records';

/**
 * Iterations of PBKDF2-SHA-256. OWASP's 2021 figure: slow enough to make guessing costly, about
 * a third of a second on a mid-range phone. Stored with each hash, so it can be raised later.
 */
export const PBKDF2_ITERATIONS = 310_000;
export const SALT_BYTES = 16;
const HASH_BITS = 256;

export type PasswordHash = Pick<AccountRecord, 'passwordHash' | 'salt' | 'iterations'>;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** A fresh salted hash of `password` (random salt each time). */
export async function hashPassword(
  password: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { passwordHash: toBase64(hash), salt: toBase64(salt), iterations };
}

/** Compares two byte strings in time that depends only on their length. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i += 1) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** True when `password` is the one `stored` was made from. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const salt = fromBase64(stored.salt);
  const expected = fromBase64(stored.passwordHash);
  if (!salt || !expected || !Number.isInteger(stored.iterations) || stored.iterations < 1) {
    return false;
  }
  const actual = await derive(password, salt, stored.iterations);
  return constantTimeEqual(actual, expected);
}
