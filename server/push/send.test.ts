// The VAPID signer (send.ts): one signed token per push service and key pair, reused for an
// hour, valid for 12 hours, and verifiable with the server's public key (push.test.ts sends
// through it to a push service that checks the signature).
import { createPublicKey, verify } from 'node:crypto';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { VAPID_REUSE_MS, vapidSigner } from './send.ts';

const pair = webPush.generateVAPIDKeys();
const keys = { ...pair, subject: 'mailto:operator@artmint.invalid' };

/** The token's claims, once its ES256 signature verified with `publicKey`. */
function claims(header: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, token = '', k] = match;
  expect(k).toBe(publicKey);
  const [head = '', body = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${body}`);
  const valid = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number };
}

describe('vapidSigner', () => {
  it('signs a token per push service, valid 12 hours, and reuses it for an hour', () => {
    let now = Date.UTC(2026, 11, 7, 12);
    const sign = vapidSigner(() => now);
    const first = sign('https://push.example', keys);
    expect(claims(first, keys.publicKey)).toEqual({
      aud: 'https://push.example',
      exp: now / 1000 + 12 * 3600,
      sub: keys.subject,
    });
    now += VAPID_REUSE_MS - 1;
    expect(sign('https://push.example', keys)).toBe(first);
    const other = sign('https://other.example', keys);
    expect(claims(other, keys.publicKey).aud).toBe('https://other.example');
    now += 1;
    const renewed = sign('https://push.example', keys);
    expect(renewed).not.toBe(first);
    expect(claims(renewed, keys.publicKey).exp).toBe(now / 1000 + 12 * 3600);
  });

  it('signs again when the key pair changes', () => {
    const sign = vapidSigner(() => Date.UTC(2026, 11, 7, 12));
    const before = sign('https://push.example', keys);
    const next = { ...webPush.generateVAPIDKeys(), subject: keys.subject };
    const after = sign('https://push.example', next);
    expect(after).not.toBe(before);
    expect(claims(after, next.publicKey).aud).toBe('https://push.example');
  });
});
