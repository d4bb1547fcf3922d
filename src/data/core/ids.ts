// Ids made on the device. UUID version 7 (RFC 9562), for outbox mutations: 48 bits of Unix time in milliseconds, then random bits. Ids made
// later sort later as strings, so the outbox's key order is the order the writes were made.
let lastMs = -1;
let lastRand: Uint8Array<ArrayBuffer> = new Uint8Array(10);

function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(n);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    crypto.getRandomValues(bytes);
  } else {
    for (let i = 0; i < n; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  }
  return bytes;
}

/** Adds one to the random part, so two ids in the same millisecond still sort in order. */
function increment(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i -= 1) {
    const value = (next[i] ?? 0) + 1;
    next[i] = value & 0xff;
    if (value <= 0xff) break;
  }
  return next;
}

export function uuidv7(nowMs: number = Date.now()): string {
  const ms = Math.max(nowMs, lastMs);
  lastRand = ms === lastMs ? increment(lastRand) : randomBytes(10);
  lastMs = ms;
  const bytes = new Uint8Array(16);
  let time = ms;
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes.set(lastRand, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random unique id (crypto.randomUUID where available): a record's made on the device. */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const random = Math.random().toString(36).slice(2, 12);
  return `${Date.now().toString(36)}-${random}`;
}
