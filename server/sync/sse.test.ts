// The SSE format and its two sinks, on real streams: the Node sink (the one `npm start` uses)
// behind a real HTTP server and read over a socket, and the web sink read as a ReadableStream.
// Each carries the exact event bytes, ends a stream once what it holds for a browser that does not
// read passes its bound, and lets the browser's reading pace a stream catching up, ending it when
// the browser takes nothing for the stall time.
import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { nodeSink, SSE_PING, sseEvent, webSink, type Sink, type SinkLimits } from './sse.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('an event', () => {
  it('is framed as event, data, then id and retry when given, and a blank line', () => {
    expect(text(sseEvent('hello', '{"cursor":3}'))).toBe('event: hello\ndata: {"cursor":3}\n\n');
    expect(text(sseEvent('changes', '[]', 42))).toBe('event: changes\ndata: []\nid: 42\n\n');
    expect(text(sseEvent('hello', '{}', undefined, 3000))).toBe(
      'event: hello\ndata: {}\nretry: 3000\n\n',
    );
    expect(text(SSE_PING)).toBe(': ping\n\n');
  });
});

/** A real HTTP server whose one request is answered by a Node sink; the client's response. */
async function nodeStream(limits: SinkLimits) {
  let sink!: Sink;
  let serverResponse!: ServerResponse;
  const server = createServer((_req, res) => {
    serverResponse = res;
    sink = nodeSink(res, limits);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const request = get(`http://127.0.0.1:${port}/`);
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  return {
    sink,
    serverResponse,
    response,
    close: () => {
      request.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Writes `chunk` until a write fails; how many went, and the error. */
function writeUntilRefused(sink: Sink, chunk: Uint8Array, max: number) {
  for (let written = 0; written < max; written += 1) {
    try {
      sink.write(chunk);
    } catch (error) {
      return { written, error: error as Error };
    }
  }
  return { written: max, error: null };
}

const MiB = 1024 * 1024;

describe('the Node sink, over HTTP', () => {
  it('sends the event-stream headers and the events as written, and ends', async () => {
    const { sink, response, close } = await nodeStream({ stallMs: 1000, maxBytes: MiB });
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache, no-store');
      expect(response.headers['x-accel-buffering']).toBe('no');
      response.setEncoding('utf8');
      let received = '';
      response.on('data', (data: string) => (received += data));
      sink.write(sseEvent('hello', '{"cursor":1}', undefined, 3000));
      sink.write(SSE_PING);
      sink.write(sseEvent('changes', '{"cursor":2}', 2));
      await sink.drained();
      sink.end();
      await once(response, 'end');
      expect(received).toBe(
        'event: hello\ndata: {"cursor":1}\nretry: 3000\n\n: ping\n\nevent: changes\ndata: {"cursor":2}\nid: 2\n\n',
      );
    } finally {
      close();
    }
  });

  it('ends the stream at once when what it holds for a browser that reads nothing passes the bound', async () => {
    // A stall time no test waits for: only the bound can end this stream.
    const { sink, serverResponse, response, close } = await nodeStream({
      stallMs: 600_000,
      maxBytes: 2 * MiB,
    });
    try {
      response.pause();
      const chunk = new Uint8Array(64 * 1024).fill(0x61);
      const { written, error } = writeUntilRefused(sink, chunk, 10_000);
      expect(error?.message).toBe('the stream fell behind');
      // The refused write took the response past the bound (the socket's buffers took some
      // chunks before the response had to hold them).
      expect(written * chunk.length).toBeGreaterThanOrEqual(2 * MiB - chunk.length);
      expect(serverResponse.destroyed).toBe(true);
      await sink.gone;
      expect(() => sink.write(chunk)).toThrow(/closed/);
    } finally {
      close();
    }
  });

  it('holds what a browser that reads is sent, under the bound', async () => {
    const { sink, response, close } = await nodeStream({ stallMs: 5000, maxBytes: 512 * 1024 });
    try {
      let received = 0;
      response.on('data', (data: Buffer) => (received += data.length));
      const chunk = new Uint8Array(64 * 1024).fill(0x61);
      // Four times the bound in all, each write waiting for the browser to take the last.
      for (let i = 0; i < 32; i += 1) {
        sink.write(chunk);
        await sink.drained();
      }
      sink.end();
      await once(response, 'end');
      expect(received).toBe(32 * chunk.length);
    } finally {
      close();
    }
  });

  it('ends a stream catching up when its browser takes nothing for the stall time', async () => {
    const { sink, serverResponse, response, close } = await nodeStream({
      stallMs: 300,
      maxBytes: 64 * MiB,
    });
    try {
      response.pause();
      const chunk = new Uint8Array(256 * 1024).fill(0x61);
      // 16 MiB: more than the socket's buffers take, the response holds the rest.
      for (let i = 0; i < 64; i += 1) sink.write(chunk);
      expect(serverResponse.writableNeedDrain).toBe(true);
      const started = Date.now();
      await expect(sink.drained()).rejects.toThrow('the stream fell behind');
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(serverResponse.destroyed).toBe(true);
      await sink.gone;
    } finally {
      close();
    }
  });

  it('resolves `gone` when the browser leaves', async () => {
    const { sink, response, close } = await nodeStream({ stallMs: 1000, maxBytes: MiB });
    try {
      response.destroy();
      await sink.gone;
      expect(() => sink.write(SSE_PING)).toThrow(/closed/);
    } finally {
      close();
    }
  });
});

describe('the web sink', () => {
  it('hands the events to its reader, and ends', async () => {
    const sink = webSink({ stallMs: 1000, maxBytes: MiB });
    const reader = sink.body.getReader();
    sink.write(sseEvent('hello', '{}'));
    sink.end();
    expect(text((await reader.read()).value as Uint8Array)).toBe('event: hello\ndata: {}\n\n');
    expect((await reader.read()).done).toBe(true);
    await sink.gone;
  });

  it('ends the stream once what nobody reads passes the bound', async () => {
    const sink = webSink({ stallMs: 600_000, maxBytes: 10_000 });
    const chunk = new Uint8Array(1000);
    const { written, error } = writeUntilRefused(sink, chunk, 100);
    expect(error?.message).toBe('the stream fell behind');
    // 10 chunks are the bound; the 11th passes it.
    expect(written).toBe(10);
    await sink.gone;
    await expect(sink.body.getReader().read()).rejects.toThrow(/fell behind/);
  });

  it('ends a stream catching up when nobody reads it for the stall time', async () => {
    const sink = webSink({ stallMs: 200, maxBytes: MiB });
    sink.write(new Uint8Array(100 * 1024));
    const started = Date.now();
    await expect(sink.drained()).rejects.toThrow('the stream fell behind');
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await sink.gone;
  });

  it('ends a stream that holds more than its buffer when nobody reads it for the stall time', async () => {
    const sink = webSink({ stallMs: 200, maxBytes: MiB });
    // Batches handed over without waiting, as the live edge does: past the 16 KiB buffer.
    sink.write(new Uint8Array(10 * 1024));
    sink.write(new Uint8Array(10 * 1024));
    const started = Date.now();
    await sink.gone;
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(() => sink.write(SSE_PING)).toThrow(/closed/);
    await expect(sink.body.getReader().read()).rejects.toThrow(/fell behind/);
  });
});
