// @vitest-environment node
// The shared field rules that bad input at the API found wanting: an email longer than mail
// carries and text PostgreSQL cannot store (dates: data/__tests__/upload-rules.test.ts).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { STORABLE_TEXT } from '../protocol';
import { validateEmail } from '../validate';

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
