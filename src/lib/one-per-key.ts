// One run at a time per key: a screen's data read again while its server answer is on the way
// (a sync's refresh runs the route's loader again) waits on the ask already made rather than
// asking the server a second time (docs/product.md "Item detail").

/** `run` for a key, shared by every caller until it settles; a call after that runs it anew. */
export function onePerKey<K, T>(run: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const running = new Map<K, Promise<T>>();
  return (key) => {
    const known = running.get(key);
    if (known) return known;
    const started = run(key).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
