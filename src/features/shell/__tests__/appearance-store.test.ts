import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';

async function freshStores() {
  vi.resetModules();
  return import('../appearance-store');
}

describe('theme and direction stores', () => {
  beforeEach(() => localStorage.clear());

  it('start with no theme choice and left-to-right', async () => {
    const { useThemeStore, useDirectionStore } = await freshStores();
    expect(useThemeStore.getState().choice).toBeNull();
    expect(useDirectionStore.getState().dir).toBe('ltr');
  });

  it('persist the choice with a version and only the allowed fields', async () => {
    const { useThemeStore, useDirectionStore } = await freshStores();
    useThemeStore.getState().setChoice('light');
    useDirectionStore.getState().setDir('rtl');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.theme) ?? '')).toEqual({
      state: { choice: 'light' },
      version: 1,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.direction) ?? '')).toEqual({
      state: { dir: 'rtl' },
      version: 1,
    });
  });

  it('read back a saved choice', async () => {
    localStorage.setItem(
      STORAGE_KEYS.theme,
      JSON.stringify({ state: { choice: 'light' }, version: 1 }),
    );
    localStorage.setItem(
      STORAGE_KEYS.direction,
      JSON.stringify({ state: { dir: 'rtl' }, version: 1 }),
    );
    const { useThemeStore, useDirectionStore } = await freshStores();
    expect(useThemeStore.getState().choice).toBe('light');
    expect(useDirectionStore.getState().dir).toBe('rtl');
  });

  it.each([
    ['corrupt JSON', '{"state":'],
    ['a wrong value', JSON.stringify({ state: { choice: 'purple' }, version: 1 })],
    ['a wrong type', JSON.stringify({ state: { choice: 42 }, version: 1 })],
    ['a newer version', JSON.stringify({ state: { choice: 'light' }, version: 99 })],
  ])('fall back to defaults on %s', async (_label, raw) => {
    localStorage.setItem(STORAGE_KEYS.theme, raw);
    localStorage.setItem(STORAGE_KEYS.direction, raw.replace('choice', 'dir'));
    const { useThemeStore, useDirectionStore } = await freshStores();
    expect(useThemeStore.getState().choice).toBeNull();
    expect(useDirectionStore.getState().dir).toBe('ltr');
    useThemeStore.getState().setChoice('dark');
    expect(useThemeStore.getState().choice).toBe('dark');
  });
});
