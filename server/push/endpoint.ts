// Which push endpoints the server will POST to (docs/security.md, docs/operations.md "Web Push"):
// a device names the URL, so only https to a public host name is taken, never a bare address,
// localhost or a port other than https's, unless its origin is one the operator allows
// (PUSH_ALLOW_ORIGINS: a test's local push service).

/** Host names that name this machine or a private network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** True when the server may send to `endpoint`. */
export function endpointAllowed(endpoint: string, allowOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  // An IPv4 or IPv6 literal: never (a push service is named, and an address may be private).
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return false;
  return !LOCAL_NAME.test(host) && host.includes('.');
}
