// A device write tells the sync engine that the outbox grew, so it pushes soon. Tiny on
// purpose: the device store imports it on the first visit; the engine loads later.
type Listener = () => void;
const listeners = new Set<Listener>();

export function notifyLocalWrite(): void {
  for (const listener of listeners) listener();
}

export function onLocalWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
