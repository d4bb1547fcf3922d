// The shared field rules that bad input at the API found wanting: an email longer than mail
// carries, text PostgreSQL cannot store, and dates outside the years it reads.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseDateInput } from '@/data/device/new-item';
import { STORABLE_TEXT } from '@/data/sync/protocol';
import { validateEmail } from '@/lib/validate';

describe('validateEmail', () => {
  it('accepts an address of 254 characters and refuses a longer one', () => {
    const at254 = `${'a'.repeat(245)}@mail.com`;
    expect(at254).toHaveLength(254);
    expect(validateEmail(at254)).toBeNull();
    expect(validateEmail(`a${at254}`)).toMatch(/at most 254 characters/);
  });
});

describe('STORABLE_TEXT', () => {
  const storable = v.pipe(v.string(), STORABLE_TEXT);
  it('accepts any text, emoji included', () => {
    expect(v.is(storable, 'Ada 🎨 Løvelace')).toBe(true);
  });
  it('refuses a NUL character and half of a surrogate pair', () => {
    for (const text of ['a\u0000b', '\ud83d', 'x\udc00y', '🎨'.slice(1)]) {
      expect(v.is(storable, text)).toBe(false);
    }
  });
});

describe('parseDateInput', () => {
  it('reads dates from year 1 to 9999 only', () => {
    expect(parseDateInput('9999-12-30T00:00:00Z', true)?.getUTCFullYear()).toBe(9999);
    expect(parseDateInput('+275760-09-13T00:00:00Z', true)).toBeNull();
    expect(parseDateInput('-000001-01-01T00:00:00Z', false)).toBeNull();
  });
});
