// Runs the plain SQL files in server/migrations/ in name order, each once, recording what ran in
// schema_migrations; then the database functions, one current file each in
// server/migrations/functions/, each applied when it is new or changed (its checksum in
// schema_functions) or its function is gone (docs/database.md "Functions"). All in one
// transaction; two servers starting together on one PostgreSQL take an advisory lock, so only
// one migrates.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Sql } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
// Any fixed 64-bit number that no other code uses for pg_advisory_lock.
const MIGRATION_LOCK = 7_263_001;

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/**
 * Applies every migration not yet applied, then every function file new, changed since it was
 * last applied, or whose function is gone; returns the migrations' names it applied (migrateAll
 * names the function files too).
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await migrateAll(db, dir)).migrations;
}

/** migrate's work, with the function files it applied (a name each: the file's, no `.sql`). */
export async function migrateAll(
  db: Database,
  dir = MIGRATIONS_DIR,
): Promise<{ migrations: string[]; functions: string[] }> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  const functions: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (row) => row.name,
      ),
    );
    for (const name of migrationFiles(dir)) {
      if (done.has(name)) continue;
      const sql = readFileSync(join(dir, name), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    functions.push(...(await applyFunctions(tx, join(dir, 'functions'))));
  });
  return { migrations: applied, functions };
}

/** The function files in `dir` (none when it does not exist), their names without `.sql`. */
export function functionFiles(dir = join(MIGRATIONS_DIR, 'functions')): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.slice(0, -'.sql'.length))
    .sort();
}

/**
 * Applies each function file (a CREATE OR REPLACE FUNCTION of the function the file is named
 * after, and what must be recomputed when its body changes) whose checksum differs from the one
 * recorded, or whose function no longer exists (a numbered migration dropped it); in `tx`, after
 * the numbered migrations. A function whose file is removed stays as it was last applied.
 */
async function applyFunctions(tx: Sql, dir: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; checksum: string; present: boolean }>(
    `SELECT f.name, f.checksum,
       EXISTS (SELECT 1 FROM pg_proc p WHERE p.proname = f.name) AS present
     FROM schema_functions f`,
  );
  const recorded = new Map(rows.map((row) => [row.name, row]));
  const applied: string[] = [];
  for (const name of functionFiles(dir)) {
    const sql = readFileSync(join(dir, `${name}.sql`), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    const known = recorded.get(name);
    if (known?.checksum === checksum && known.present) continue;
    for (const statement of splitStatements(sql)) await tx.query(statement);
    const made = await tx.query('SELECT 1 FROM pg_proc WHERE proname = $1', [name]);
    if (made.rows.length === 0) throw new Error(`functions/${name}.sql makes no function ${name}`);
    await tx.query(
      `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [name, checksum],
    );
    applied.push(name);
  }
  return applied;
}

/**
 * Splits a migration into statements at the semicolons outside $$-quoted function bodies (no
 * semicolons inside strings here), without the comment lines outside the bodies (a body keeps
 * its own, as its file has them).
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  // Odd pieces between $$ are bodies: their semicolons and comments stay.
  let current = '';
  sql.split('$$').forEach((piece, i) => {
    if (i % 2 === 1) {
      current += `$$${piece}$$`;
      return;
    }
    const parts = piece
      .split('\n')
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n')
      .split(';');
    current += parts[0];
    for (const part of parts.slice(1)) {
      statements.push(current);
      current = part;
    }
  });
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
