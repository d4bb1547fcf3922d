// @vitest-environment node
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../start-server.mjs';

// A port another process already listens on must be refused before the Artmint server starts:
// else the health check would be answered by that other process, and a test would talk to it.

let occupier;
afterEach(() => new Promise((done) => (occupier ? occupier.close(() => done()) : done())));

describe('startServer', () => {
  it('refuses a port that something else already listens on, with the port in the message', async () => {
    occupier = createServer();
    await new Promise((done) => occupier.listen(0, '127.0.0.1', done));
    const { port } = occupier.address();
    await expect(startServer({ port })).rejects.toThrow(`port ${port} is already in use`);
  });
});
