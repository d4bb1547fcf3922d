// Server-Sent Events as bytes: one event's framing, the response headers, and the two places a
// stream's bytes go (a sink): straight onto Node's response, which `npm start` uses, or a web
// ReadableStream where there is no Node response (requests made in process, as in tests). Both
// end a stream whose browser reads too slowly: once what it holds passes a bound, or when it
// takes nothing for too long. Nothing here knows the change log (event-hub.ts) or the route (events.ts).
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

/** How long a stream may take nothing, and how much it may hold, before it is dropped. */
export interface SinkLimits {
  stallMs: number;
  maxBytes: number;
}

/**
 * Where one stream's bytes go. `write` hands a chunk over at once: a live batch never waits for
 * a slow browser. A stream whose browser reads too slowly is ended, and its write throws, once
 * the bytes it holds pass `maxBytes`, or when it has held more than its buffer for `stallMs`
 * without the browser taking any. `drained` paces a stream catching up: it resolves once the
 * browser has taken what the stream holds, and rejects if the stream is ended meanwhile.
 */
export interface Sink {
  write(chunk: Uint8Array): void;
  drained(): Promise<void>;
  /** Resolves when the browser has gone (or the stream was ended). */
  readonly gone: Promise<void>;
  end(): void;
}

const closedStream = () => new Error('the stream is closed');
const fellBehind = () => new Error('the stream fell behind');

/**
 * A stream's watch over its browser: `overBuffer` after each write says whether the stream holds
 * more than its own buffer, and starts the stall clock if so; `taken` (the browser took it all)
 * stops it; `drop` ends the stream.
 */
function stallWatch(stallMs: number, drop: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dropped = false;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    get dropped() {
      return dropped;
    },
    overBuffer(over: boolean) {
      if (!over || timer) return;
      timer = setTimeout(() => {
        dropped = true;
        drop();
      }, stallMs);
    },
    taken: stop,
    drop() {
      stop();
      dropped = true;
      drop();
    },
  };
}

/**
 * Straight onto Node's response. The streams are the server's busiest writers (every batch goes
 * to every stream), and a web stream in between (Hono's streamSSE: a writer, a transform and a
 * reader per stream) took a fifth of the server's time under load. What the response holds is
 * the batches' own bytes, shared by every stream they went to (event-hub.ts).
 */
export function nodeSink(res: ServerResponse, { stallMs, maxBytes }: SinkLimits): Sink {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const gone = new Promise<void>((resolve) => res.once('close', resolve));
  const watch = stallWatch(stallMs, () => res.destroy());
  res.on('drain', watch.taken);
  void gone.then(watch.taken);
  const closed = () => res.destroyed || res.writableEnded;
  return {
    gone,
    write(chunk) {
      if (closed()) throw closedStream();
      res.write(chunk);
      if (res.writableLength > maxBytes) {
        watch.drop();
        throw fellBehind();
      }
      watch.overBuffer(res.writableNeedDrain);
    },
    async drained() {
      if (closed()) throw closedStream();
      if (!res.writableNeedDrain) return;
      await Promise.race([new Promise((r) => res.once('drain', r)), gone]);
      if (watch.dropped) throw fellBehind();
    },
    end: () => res.end(),
  };
}

/** What the web sink holds before `drained` waits: what Node's response holds. */
const WEB_SINK_BUFFER = 16 * 1024;

/** A web stream, where there is no Node response (requests made in process, as in tests). */
export function webSink({
  stallMs,
  maxBytes,
}: SinkLimits): Sink & { body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let resolveGone!: () => void;
  const gone = new Promise<void>((resolve) => (resolveGone = resolve));
  let waiting: (() => void) | null = null;
  const watch = stallWatch(stallMs, () => {
    closed = true;
    controller.error(fellBehind());
    wake();
    resolveGone();
  });
  const wake = () => {
    watch.taken();
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
    { highWaterMark: WEB_SINK_BUFFER, size: (chunk) => chunk.byteLength },
  );
  const over = () => (controller.desiredSize ?? 1) <= 0;
  return {
    body,
    gone,
    write(chunk) {
      if (closed) throw closedStream();
      controller.enqueue(chunk);
      if (WEB_SINK_BUFFER - (controller.desiredSize ?? 0) > maxBytes) {
        watch.drop();
        throw fellBehind();
      }
      watch.overBuffer(over());
    },
    async drained() {
      if (closed) throw closedStream();
      if (!over()) return;
      await new Promise<void>((r) => (waiting = r));
      if (watch.dropped) throw fellBehind();
    },
    end() {
      if (closed) return;
      closed = true;
      wake();
      controller.close();
      resolveGone();
    },
  };
}
