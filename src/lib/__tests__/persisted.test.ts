import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  oneOf,
  persistOptions,
  runMigrations,
  safeJsonStorage,
  validatedMerge,
} from '../persisted';

describe('safeJsonStorage', () => {
  it('reads back what it wrote', () => {
    const storage = safeJsonStorage<{ a: number }>();
    storage.setItem('k', { state: { a: 1 }, version: 1 });
    expect(storage.getItem('k')).toEqual({ state: { a: 1 }, version: 1 });
  });

  it('removes a corrupt JSON entry and reads it as empty', () => {
    localStorage.setItem('k', '{not json');
    expect(safeJsonStorage().getItem('k')).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('removes JSON of the wrong shape', () => {
    localStorage.setItem('k', '"just a string"');
    expect(safeJsonStorage().getItem('k')).toBeNull();
    localStorage.setItem('k', '{"state":null}');
    expect(safeJsonStorage().getItem('k')).toBeNull();
  });
});

describe('safeJsonStorage with a place', () => {
  it('writes where the state says, removes the other copy, and reads either', () => {
    const storage = safeJsonStorage<{ keep: boolean }>((state) =>
      state.keep ? 'local' : 'session',
    );
    storage.setItem('k', { state: { keep: true }, version: 1 });
    expect(localStorage.getItem('k')).toContain('true');
    storage.setItem('k', { state: { keep: false }, version: 1 });
    expect(localStorage.getItem('k')).toBeNull();
    expect(sessionStorage.getItem('k')).toContain('false');
    expect(storage.getItem('k')).toEqual({ state: { keep: false }, version: 1 });
    storage.removeItem('k');
    expect(sessionStorage.getItem('k')).toBeNull();
  });
});

describe('persistOptions', () => {
  interface Persisted {
    size: 'S' | 'L';
  }
  interface State extends Persisted {
    secret: string;
    setSize: (size: Persisted['size']) => void;
  }
  const makeStore = () =>
    create<State>()(
      persist(
        (set) => ({ size: 'S', secret: 'not saved', setSize: (size) => set({ size }) }),
        persistOptions<Persisted, State>({
          name: 'test-store',
          version: 2,
          migrations: { 1: (state) => ({ size: state.big ? 'L' : 'S' }) },
          fields: { size: oneOf('S', 'L') },
        }),
      ),
    );

  it('writes only the declared fields, with the version', () => {
    makeStore().getState().setSize('L');
    expect(JSON.parse(localStorage.getItem('test-store') ?? 'null')).toEqual({
      state: { size: 'L' },
      version: 2,
    });
  });

  it('migrates an older version and validates what it reads back', async () => {
    localStorage.setItem('test-store', JSON.stringify({ state: { big: true }, version: 1 }));
    const store = makeStore();
    await store.persist.rehydrate();
    expect(store.getState().size).toBe('L');
    localStorage.setItem('test-store', JSON.stringify({ state: { size: 'XXL' }, version: 2 }));
    await store.persist.rehydrate();
    expect(store.getState().size).toBe('L');
    expect(store.getState().secret).toBe('not saved');
  });
});

describe('runMigrations', () => {
  const steps = {
    1: (s: Record<string, unknown>) => ({ ...s, b: 'added in 2' }),
    2: (s: Record<string, unknown>) => {
      const { old, ...rest } = s;
      return { ...rest, renamed: old };
    },
  };

  it('runs each step from the stored version to the current one, in order', () => {
    expect(runMigrations({ a: 1, old: 'x' }, 1, 3, steps)).toEqual({
      a: 1,
      b: 'added in 2',
      renamed: 'x',
    });
  });

  it('returns the state unchanged when it is current', () => {
    expect(runMigrations({ a: 1 }, 3, 3, steps)).toEqual({ a: 1 });
  });

  it('drops a state from a newer version or one with no step', () => {
    expect(runMigrations({ a: 1 }, 4, 3, steps)).toEqual({});
    expect(runMigrations({ a: 1 }, 0, 3, steps)).toEqual({});
  });

  it('drops something that is not an object', () => {
    expect(runMigrations('nope', 1, 3, steps)).toEqual({});
  });
});

describe('validatedMerge', () => {
  const merge = validatedMerge<
    { mode: 'a' | 'b'; size: 's' | 'l' },
    { mode: 'a' | 'b'; size: 's' | 'l'; fn: () => void }
  >({
    mode: oneOf('a', 'b'),
    size: oneOf('s', 'l'),
  });
  const current = { mode: 'a' as const, size: 's' as const, fn: () => undefined };

  it('keeps valid fields and resets invalid ones to their default, key by key', () => {
    const merged = merge({ mode: 'b', size: 'huge' }, current);
    expect(merged.mode).toBe('b');
    expect(merged.size).toBe('s');
    expect(merged.fn).toBe(current.fn);
  });

  it('ignores unknown keys and non-objects', () => {
    expect(merge({ evil: 1 }, current)).toEqual(current);
    expect(merge(null, current)).toEqual(current);
  });
});
