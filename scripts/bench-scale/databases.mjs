// The databases `npm run bench:scale` measures on (scripts/bench-scale.mjs): a PGlite data
// folder or a PostgreSQL database of its own per history size, seeded by `npm run seed`
// (server/scale/history-cli.ts, which caches what it seeds).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { log } from '../bench-format.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** `npm run seed` (server/scale/history-cli.ts) on the database `env` names; its summary. */
export async function seed(env, args) {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'artmint-summary-')), 'summary.json');
  const start = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/scale/history-cli.ts', ...args, '--summary', summaryFile],
    {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.server.json', ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  let said = '';
  child.stderr.on('data', (chunk) => (said += chunk));
  const code = await new Promise((done) => child.on('close', done));
  if (code !== 0) throw new Error(`npm run seed -- ${args.join(' ')} failed: ${said.trim()}`);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  rmSync(dirname(summaryFile), { recursive: true, force: true });
  return { summary, seconds: (performance.now() - start) / 1000, said: said.trim() };
}

/** Seeds `target` (seed), records the time in `result` and says how it went. */
export async function seedAndSay(target, args, result) {
  const seeded = await seed(target.env, args);
  const how = seeded.said.split('\n').find((line) => /restored|done in/.test(line)) ?? '';
  result.seedS = seeded.seconds;
  log(`seeded in ${seeded.seconds.toFixed(1)} s (${how.replace(/^seed: /, '')})`);
  return seeded;
}

/** The database one history size runs on, with what to seed it and to read its log. */
export async function prepare(db, bids) {
  if (db === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'artmint-scale-'));
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      readsLive: false,
      logSize: null,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `artmint_scale_${bids}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const reader = new pg.Client({ connectionString: url.href });
  let connected = false;
  return {
    env: { DATABASE_URL: url.href },
    dataDir: undefined,
    readsLive: true,
    logSize: async () => {
      if (!connected) await reader.connect();
      connected = true;
      const { rows } = await reader.query(
        `SELECT count(*)::float8 AS rows, pg_total_relation_size('changes')::float8 AS bytes
         FROM changes`,
      );
      return rows[0];
    },
    drop: async () => {
      if (connected) await reader.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
