// Helpers for zustand stores persisted to localStorage (ARCHITECTURE.md convention 5):
// a storage that survives corrupt JSON and a full or missing localStorage, a pure migration
// runner, and a merge that validates what is read back field by field.
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** A JSON localStorage adapter that never throws: corrupt entries are removed and read as empty. */
export function safeJsonStorage<S>(): PersistStorage<S> {
  const local = (): Storage | null => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  };
  return {
    getItem(name) {
      const store = local();
      const raw = store?.getItem(name) ?? null;
      if (raw === null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isStorageValue(parsed)) return parsed as StorageValue<S>;
      } catch {
        // fall through: corrupt JSON
      }
      store?.removeItem(name);
      return null;
    },
    setItem(name, value) {
      try {
        local()?.setItem(name, JSON.stringify(value));
      } catch (error) {
        // A full or blocked localStorage must not break the app; the in-memory state stays.
        console.warn(`Could not save ${name}`, error);
      }
    },
    removeItem(name) {
      try {
        local()?.removeItem(name);
      } catch {
        // ignore
      }
    },
  };
}

function isStorageValue(value: unknown): value is { state: unknown; version?: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'state' in value &&
    typeof (value as { state: unknown }).state === 'object' &&
    (value as { state: unknown }).state !== null
  );
}

/** Migration steps: `steps[n]` turns a version-n state into a version-(n+1) state. */
export type MigrationSteps = Record<
  number,
  (state: Record<string, unknown>) => Record<string, unknown>
>;

/**
 * Runs the steps from `fromVersion` up to `toVersion`. A state from an unknown (newer, or
 * older without a step) version is dropped: the store then starts from its defaults.
 */
export function runMigrations(
  state: unknown,
  fromVersion: number,
  toVersion: number,
  steps: MigrationSteps,
): Record<string, unknown> {
  if (typeof state !== 'object' || state === null) return {};
  if (fromVersion > toVersion) return {};
  let current = { ...(state as Record<string, unknown>) };
  for (let v = fromVersion; v < toVersion; v += 1) {
    const step = steps[v];
    if (!step) return {};
    current = step(current);
  }
  return current;
}

/** Validators for each persisted field: return the value when valid, undefined otherwise. */
export type FieldValidators<P> = { [K in keyof P]: (value: unknown) => P[K] | undefined };

/**
 * Merges what was read back into the current state, one field at a time: a field whose
 * stored value fails validation keeps its default, the other fields are kept.
 */
export function validatedMerge<P extends object, S extends P>(
  validators: FieldValidators<P>,
): (persisted: unknown, current: S) => S {
  return (persisted, current) => {
    if (typeof persisted !== 'object' || persisted === null) return current;
    const next = { ...current };
    for (const key of Object.keys(validators) as (keyof P)[]) {
      const raw = (persisted as Record<string, unknown>)[key as string];
      if (raw === undefined) continue;
      const value = validators[key](raw);
      if (value !== undefined) (next as P)[key] = value;
    }
    return next;
  };
}

export const oneOf =
  <T extends string>(...allowed: readonly T[]) =>
  (value: unknown): T | undefined =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value)
      ? (value as T)
      : undefined;

export const nullableOneOf =
  <T extends string>(...allowed: readonly T[]) =>
  (value: unknown): T | null | undefined =>
    value === null ? null : oneOf(...allowed)(value);
