// Helpers for zustand stores persisted to localStorage (docs/architecture.md convention 5):
// a storage that survives corrupt JSON and a full or missing localStorage, a pure migration
// runner, and a merge that validates what is read back field by field.
import type { PersistOptions, PersistStorage, StorageValue } from 'zustand/middleware';

/** Where a persisted store keeps its state. */
export type Place = 'local' | 'session';

function webStorage(place: Place): Storage | null {
  try {
    return (place === 'local' ? localStorage : sessionStorage) ?? null;
  } catch {
    return null; // no DOM storage (prerendering), or blocked by the browser
  }
}

/**
 * A JSON adapter over localStorage that never throws: corrupt entries are removed and read as
 * empty, and a full or blocked storage keeps the in-memory state. With `place`, each write goes
 * to the storage it names (and leaves the other), and reads look in both.
 */
export function safeJsonStorage<S>(place?: (state: S) => Place): PersistStorage<S> {
  const places: readonly Place[] = place ? ['local', 'session'] : ['local'];
  return {
    getItem(name) {
      for (const where of places) {
        const store = webStorage(where);
        const raw = store?.getItem(name) ?? null;
        if (raw === null) continue;
        try {
          const parsed: unknown = JSON.parse(raw);
          if (isStorageValue(parsed)) return parsed as StorageValue<S>;
        } catch {
          // fall through: corrupt JSON
        }
        store?.removeItem(name);
      }
      return null;
    },
    setItem(name, value) {
      const target = place?.(value.state) ?? 'local';
      try {
        for (const where of places) if (where !== target) webStorage(where)?.removeItem(name);
        webStorage(target)?.setItem(name, JSON.stringify(value));
      } catch (error) {
        // A full or blocked storage must not break the app; the in-memory state stays.
        console.warn(`Could not save ${name}`, error);
      }
    },
    removeItem(name) {
      try {
        for (const where of places) webStorage(where)?.removeItem(name);
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

/** What a persisted store declares; `persistOptions` turns it into zustand's options. */
export interface PersistedSpec<P> {
  /** Its key in config/storage-keys.ts. */
  name: string;
  version: number;
  migrations: MigrationSteps;
  /** The persisted fields and how each is validated when read back: the allowlist. */
  fields: FieldValidators<P>;
  /** Where a state is kept: localStorage unless this says otherwise. */
  place?: (state: Record<string, unknown>) => Place;
}

/**
 * The one way a zustand store is persisted (docs/architecture.md convention 5): only the declared
 * fields are written, under a version; older versions run the migration steps, and what is
 * read back is validated field by field (a corrupt field keeps its default, the rest is kept).
 */
export function persistOptions<P extends object, S extends P>(
  spec: PersistedSpec<P>,
): PersistOptions<S, Record<string, unknown>> &
  Required<Pick<PersistOptions<S, Record<string, unknown>>, 'partialize' | 'migrate' | 'merge'>> {
  const keys = Object.keys(spec.fields) as (keyof P & string)[];
  return {
    name: spec.name,
    version: spec.version,
    storage: safeJsonStorage(spec.place),
    partialize: (state) => Object.fromEntries(keys.map((key) => [key, state[key]])),
    migrate: (state, version) => runMigrations(state, version, spec.version, spec.migrations),
    merge: validatedMerge<P, S>(spec.fields),
  };
}
