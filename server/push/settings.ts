// Web Push's settings from the environment (docs/operations.md "Web Push"): the VAPID key pair
// (both or neither: without them the server makes one and keeps it in the database, keys.ts),
// its subject, and the origins a push endpoint may have besides https to a public host
// (PUSH_ALLOW_ORIGINS, comma-separated: a local push service in tests).
import type { VapidSettings } from './keys.ts';

export interface PushSettings {
  vapid: VapidSettings;
  allowOrigins: string[];
}

export function readPushSettings(env: NodeJS.ProcessEnv): PushSettings {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  const bytes = (key: string) => Buffer.from(key, 'base64url').length;
  if (publicKey !== undefined && privateKey !== undefined) {
    if (bytes(publicKey) !== 65 || bytes(privateKey) !== 32) {
      throw new Error(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (65 and 32 bytes)',
      );
    }
  }
  const subject = env.VAPID_SUBJECT || undefined;
  if (subject !== undefined && !/^(mailto:|https:\/\/)/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL (it is "${subject}")`);
  }
  const allowOrigins = (env.PUSH_ALLOW_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new Error(`PUSH_ALLOW_ORIGINS has "${origin}", which is not an origin`);
      }
    });
  return { vapid: { publicKey, privateKey, subject }, allowOrigins };
}
