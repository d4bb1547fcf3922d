// The push line's devices (scripts/bench-push.mjs): a receiving push endpoint in the benchmark's
// own process, on 127.0.0.1. Each device has a P-256 key pair and an auth secret as a browser
// has; a message POSTed to its endpoint (/device/<n>) is answered 201 at once, its arrival time
// recorded when its body is in, and then decrypted here (RFC 8291, aes128gcm: one record, as
// web-push's generateRequestDetails sends it), so the benchmark knows which notification it was.
// A message that does not decrypt is counted, never recorded as arrived.
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { clock } from '../bench-events/streams.mjs';

const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');

/** A device's subscription keys: what POST /api/web-push/subscription is given, and its secret. */
export function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    publicKey,
    auth,
    json: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** The plaintext of one aes128gcm message to `device` (RFC 8188 header, RFC 8291 keys). */
export function decrypt(body, device) {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([KEY_INFO, device.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(-16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
  // The last record's padding: a 0x02 delimiter, then zeros.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/**
 * Starts the receiver for `devices` (deviceKeys() each). Returns its origin, each device's
 * endpoint, `arrivals` (per device, { at, message } in arrival order), how many messages did not
 * decrypt, the last arrival's time, and close().
 */
export async function startReceiver(devices) {
  const arrivals = devices.map(() => []);
  const state = { undecryptable: 0, lastAt: 0, total: 0 };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = clock();
      response.writeHead(201).end();
      const n = Number(/^\/device\/(\d+)$/.exec(request.url ?? '')?.[1] ?? NaN);
      const device = devices[n];
      if (!device) return;
      state.total += 1;
      state.lastAt = at;
      try {
        arrivals[n].push({ at, message: JSON.parse(decrypt(Buffer.concat(chunks), device)) });
      } catch {
        state.undecryptable += 1;
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    endpoint: (n) => `${origin}/device/${n}`,
    arrivals,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
