// Runs the plain SQL files in server/migrations/ in name order, each once, each in its own
// transaction, recording what ran in schema_migrations. Two servers starting together on one
// PostgreSQL take an advisory lock, so only one migrates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
// Any fixed 64-bit number that no other code uses for pg_advisory_lock.
const MIGRATION_LOCK = 7_263_001;

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
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
  });
  return applied;
}

/**
 * Splits a migration into statements at the semicolons outside $$-quoted function bodies (no
 * semicolons inside strings here).
 */
export function splitStatements(sql: string): string[] {
  const text = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  const statements: string[] = [];
  // Odd pieces between $$ are bodies: their semicolons stay.
  let current = '';
  text.split('$$').forEach((piece, i) => {
    if (i % 2 === 1) {
      current += `$$${piece}$$`;
      return;
    }
    const parts = piece.split(';');
    current += parts[0];
    for (const part of parts.slice(1)) {
      statements.push(current);
      current = part;
    }
  });
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
