// @vitest-environment node
// docs/product.md "Writes", Account: the password is stored only as a salted slow hash.
import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  hashPassword,
  PBKDF2_ITERATIONS,
  SALT_BYTES,
  verifyPassword,
} from '../password';

const FAST = 1000; // iterations for the tests that do not check the default

describe('password hashing (PBKDF2-SHA-256)', () => {
  it('uses at least 100k iterations and a 16-byte salt by default', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    const hash = await hashPassword('correct horse battery');
    expect(hash.iterations).toBe(PBKDF2_ITERATIONS);
    expect(atob(hash.salt)).toHaveLength(SALT_BYTES);
    expect(atob(hash.passwordHash)).toHaveLength(32);
    expect(JSON.stringify(hash)).not.toContain('correct horse battery');
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
  });

  it('salts every hash differently', async () => {
    const a = await hashPassword('same password', FAST);
    const b = await hashPassword('same password', FAST);
    expect(a.salt).not.toBe(b.salt);
    expect(a.passwordHash).not.toBe(b.passwordHash);
  });

  it('refuses a wrong password, a changed salt and damaged records', async () => {
    const hash = await hashPassword('secret-pass', FAST);
    await expect(verifyPassword('secret-pasS', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
    const other = await hashPassword('x', FAST);
    await expect(verifyPassword('secret-pass', { ...hash, salt: other.salt })).resolves.toBe(false);
    await expect(verifyPassword('secret-pass', { ...hash, salt: '%%%' })).resolves.toBe(false);
    await expect(verifyPassword('secret-pass', { ...hash, iterations: 0 })).resolves.toBe(false);
    await expect(verifyPassword('secret-pass', { ...hash, iterations: FAST + 1 })).resolves.toBe(
      false,
    );
  });
});

describe('constantTimeEqual', () => {
  it('compares contents and lengths', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
  });
});
