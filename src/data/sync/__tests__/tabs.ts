// The browser's parts that tabs share (Web Locks, a BroadcastChannel) and a document's
// visibility, as small in-memory stand-ins: several "tabs" of one test share one lock manager and
// one channel (live.test.ts, engine-lead.test.ts).
import { vi } from 'vitest';

/** One lock at a time per name, granted in order; an aborted wait is dropped. */
export class FakeLocks {
  private held = new Set<string>();
  private waiting: { name: string; grant: () => void }[] = [];
  request(name: string, options: { signal?: AbortSignal }, task: () => Promise<void>) {
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        void task().then(() => {
          this.held.delete(name);
          resolve();
          const next = this.waiting.findIndex((w) => w.name === name);
          if (next >= 0) this.waiting.splice(next, 1)[0]?.grant();
        });
      };
      if (!this.held.has(name)) return grant();
      const entry = { name, grant };
      this.waiting.push(entry);
      options.signal?.addEventListener('abort', () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

/** A BroadcastChannel between the tabs of one test: a message reaches every other tab. */
export function channels() {
  const all: { onmessage: ((event: MessageEvent) => void) | null }[] = [];
  return () => {
    const self = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        for (const other of all) {
          if (other !== self)
            queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data })));
        }
      },
      close() {
        all.splice(all.indexOf(self), 1);
      },
    };
    all.push(self);
    return self;
  };
}

export function visibility(state: DocumentVisibilityState = 'visible') {
  const doc = Object.assign(new EventTarget(), { visibilityState: state });
  return {
    doc,
    set(next: DocumentVisibilityState) {
      doc.visibilityState = next;
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

/** Lets the tabs' messages and the fake timers' zero-delay work run (several rounds of each). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await vi.advanceTimersByTimeAsync(0);
}
