// The SSE format and its two sinks, on real streams: the Node sink (the one `npm start` uses)
// behind a real HTTP server and read over a socket, and the web sink read as a ReadableStream.
// Each carries the exact event bytes, lets the browser's reading pace the writes, and ends a
// stream whose browser takes nothing for the stall time.
import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { nodeSink, SSE_PING, sseEvent, webSink, type Sink } from './sse.ts';

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
async function nodeStream(stallMs: number) {
  let sink!: Sink;
  let serverResponse!: ServerResponse;
  const server = createServer((_req, res) => {
    serverResponse = res;
    sink = nodeSink(res, stallMs);
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
async function writeUntilRefused(sink: Sink, chunk: Uint8Array, max: number) {
  for (let written = 0; written < max; written += 1) {
    try {
      await sink.write(chunk);
    } catch (error) {
      return { written, error: error as Error };
    }
  }
  return { written: max, error: null };
}

describe('the Node sink, over HTTP', () => {
  it('sends the event-stream headers and the events as written, and ends', async () => {
    const { sink, response, close } = await nodeStream(1000);
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache, no-store');
      expect(response.headers['x-accel-buffering']).toBe('no');
      response.setEncoding('utf8');
      let received = '';
      response.on('data', (data: string) => (received += data));
      await sink.write(sseEvent('hello', '{"cursor":1}', undefined, 3000));
      await sink.write(SSE_PING);
      await sink.write(sseEvent('changes', '{"cursor":2}', 2));
      sink.end();
      await once(response, 'end');
      expect(received).toBe(
        'event: hello\ndata: {"cursor":1}\nretry: 3000\n\n: ping\n\nevent: changes\ndata: {"cursor":2}\nid: 2\n\n',
      );
    } finally {
      close();
    }
  });

  it('ends the stream when the browser takes nothing for the stall time', async () => {
    const { sink, serverResponse, response, close } = await nodeStream(300);
    try {
      response.pause();
      const chunk = new Uint8Array(256 * 1024).fill(0x61);
      const started = Date.now();
      const { written, error } = await writeUntilRefused(sink, chunk, 2000);
      expect(error?.message).toBe('the stream fell behind');
      // The socket's buffers took some chunks before the writes had to wait.
      expect(written).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(serverResponse.destroyed).toBe(true);
      await sink.gone;
      await expect(sink.write(chunk)).rejects.toThrow(/closed/);
    } finally {
      close();
    }
  });

  it('resolves `gone` when the browser leaves', async () => {
    const { sink, response, close } = await nodeStream(1000);
    try {
      response.destroy();
      await sink.gone;
      await expect(sink.write(SSE_PING)).rejects.toThrow(/closed/);
    } finally {
      close();
    }
  });
});

describe('the web sink', () => {
  it('hands the events to its reader, and ends', async () => {
    const sink = webSink(1000);
    const reader = sink.body.getReader();
    await sink.write(sseEvent('hello', '{}'));
    sink.end();
    expect(text((await reader.read()).value as Uint8Array)).toBe('event: hello\ndata: {}\n\n');
    expect((await reader.read()).done).toBe(true);
    await sink.gone;
  });

  it('ends the stream when nobody reads it for the stall time', async () => {
    const sink = webSink(200);
    const { written, error } = await writeUntilRefused(sink, SSE_PING, 100);
    expect(error?.message).toBe('the stream fell behind');
    expect(written).toBe(15);
    await sink.gone;
    await expect(sink.body.getReader().read()).rejects.toThrow(/fell behind/);
  });
});
