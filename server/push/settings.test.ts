// Web Push's settings from the environment: a key pair given whole and well formed, or none; a
// subject the push services take; allowed origins as origins.
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { readPushSettings } from './settings.ts';

describe('Web Push settings', () => {
  const pair = webPush.generateVAPIDKeys();

  it('takes a key pair, a subject and origins', () => {
    expect(
      readPushSettings({
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        PUSH_ALLOW_ORIGINS: 'http://localhost:8090/, https://push.test',
      }),
    ).toEqual({
      vapid: { ...pair, subject: 'mailto:ops@example.com' },
      allowOrigins: ['http://localhost:8090', 'https://push.test'],
    });
    expect(readPushSettings({})).toEqual({
      vapid: { publicKey: undefined, privateKey: undefined, subject: undefined },
      allowOrigins: [],
    });
  });

  it('refuses half a pair, a key of the wrong size, a bad subject or origin', () => {
    expect(() => readPushSettings({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/together/);
    expect(() =>
      readPushSettings({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/65 and 32 bytes/);
    expect(() => readPushSettings({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/mailto/);
    expect(() => readPushSettings({ PUSH_ALLOW_ORIGINS: 'not an origin' })).toThrow(/origin/);
  });
});
