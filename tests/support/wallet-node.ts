// Starts a real Ethereum development node (Hardhat Network, `hardhat node`) on 127.0.0.1 and a
// free port for the wallet tests, and stops it again. Node side only.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface DevNode {
  url: string;
  /** Sends one JSON-RPC call; returns the whole response ({ result } or { error }). */
  send(method: string, params?: unknown[]): Promise<RpcResponse>;
  /** Sends one JSON-RPC call and returns its result, throwing on an error. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

export interface RpcResponse {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const START_TIMEOUT_MS = 60_000;
const READY_LINE = /Started HTTP and WebSocket JSON-RPC server at (http:\/\/127\.0\.0\.1:\d+)/;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('No free port found');
  return address.port;
}

export async function startDevNode(): Promise<DevNode> {
  const port = await freePort();
  const require = createRequire(import.meta.url);
  const cli = require.resolve('hardhat/internal/cli/bootstrap.js');
  const config = fileURLToPath(new URL('./wallet-hardhat.config.cjs', import.meta.url));
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(
    process.execPath,
    [cli, '--config', config, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: root,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // If the test worker ends without afterAll (a crash, a time-out), the node goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The dev node did not start in time:\n${output}`));
    }, START_TIMEOUT_MS);
    // Keep reading both streams for the node's whole life, so its writes never block.
    const onData = (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString();
      const match = READY_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The dev node exited (${code}) before it started:\n${output}`));
    });
  });

  let nextId = 1;
  const send = async (method: string, params: unknown[] = []): Promise<RpcResponse> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    return (await response.json()) as RpcResponse;
  };

  return {
    url,
    send,
    async call<T>(method: string, params: unknown[] = []) {
      const { result, error } = await send(method, params);
      if (error) throw new Error(`${method}: ${error.message} (${error.code})`);
      return result as T;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
