// Server-Sent Events as bytes: one event's framing, the response headers, and the two places a
// stream's bytes go (a sink): straight onto Node's response, which `npm start` uses, or a web
// ReadableStream where there is no Node response (requests made in process, as in tests). Both
// sinks push back when the browser reads slowly, and end a stream that takes nothing for too
// long. Nothing here knows the change log (event-hub.ts) or the route (events.ts).
import type { ServerResponse } from 'node:http';

const utf8 = new TextEncoder();

/** One Server-Sent Event. `data` is one line (JSON text has no raw line break). */
export function sseEvent(event: string, data: string, id?: number, retryMs?: number): Uint8Array {
  const tail = `${id === undefined ? '' : `id: ${id}\n`}${retryMs === undefined ? '' : `retry: ${retryMs}\n`}`;
  return utf8.encode(`event: ${event}\ndata: ${data}\n${tail}\n`);
}

/** A comment line: the browser ignores it, and it keeps proxies from closing a quiet stream. */
export const SSE_PING = utf8.encode(': ping\n\n');

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-store',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
};

/** Where one stream's bytes go. `write` resolves once the stream can take more. */
export interface Sink {
  write(chunk: Uint8Array): Promise<void>;
  /** Resolves when the browser has gone (or the stream was ended). */
  readonly gone: Promise<void>;
  end(): void;
}

/**
 * Straight onto Node's response. The streams are the server's busiest writers (every batch goes
 * to every stream), and a web stream in between (Hono's streamSSE: a writer, a transform and a
 * reader per stream) took a fifth of the server's time under load.
 */
export function nodeSink(res: ServerResponse, stallMs: number): Sink {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const gone = new Promise<void>((resolve) => res.once('close', resolve));
  return {
    gone,
    async write(chunk) {
      if (res.destroyed || res.writableEnded) throw new Error('the stream is closed');
      if (!res.write(chunk)) {
        await drainedWithin(new Promise((r) => res.once('drain', r)), gone, stallMs, () =>
          res.destroy(),
        );
      }
    },
    end: () => res.end(),
  };
}

/**
 * Waits until a stream can take more (`drained`) or is gone; when it takes nothing for
 * `stallMs`, `drop` ends it and the write fails, which lets the hub go of the stream.
 */
async function drainedWithin(
  drained: Promise<unknown>,
  gone: Promise<void>,
  stallMs: number,
  drop: () => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), stallMs);
  });
  const outcome = await Promise.race([drained, gone, stalled]);
  clearTimeout(timer);
  if (outcome === 'stalled') {
    drop();
    throw new Error('the stream fell behind');
  }
}

/** A web stream, where there is no Node response (requests made in process, as in tests). */
export function webSink(stallMs: number): Sink & { body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let resolveGone!: () => void;
  const gone = new Promise<void>((resolve) => (resolveGone = resolve));
  let waiting: (() => void) | null = null;
  const wake = () => {
    waiting?.();
    waiting = null;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: wake,
      cancel: () => {
        closed = true;
        wake();
        resolveGone();
      },
    },
    { highWaterMark: 16 },
  );
  return {
    body,
    gone,
    async write(chunk) {
      if (closed) throw new Error('the stream is closed');
      controller.enqueue(chunk);
      if ((controller.desiredSize ?? 1) <= 0) {
        await drainedWithin(new Promise<void>((r) => (waiting = r)), gone, stallMs, () => {
          closed = true;
          controller.error(new Error('the stream fell behind'));
          resolveGone();
        });
      }
    },
    end() {
      if (closed) return;
      closed = true;
      controller.close();
      resolveGone();
    },
  };
}
