// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createDbHandle } from '../db';

/** A database by the app's name at version 1 with none of its stores (made by something else). */
function emptyDatabase(name: string): Promise<void> {
  return new Promise((done, fail) => {
    const request = indexedDB.open(name, 1);
    request.onsuccess = () => {
      request.result.close();
      done();
    };
    request.onerror = () => fail(request.error);
  });
}

describe('a device store that cannot be upgraded', () => {
  it('fails the open for its caller, leaves the database as it was, and reports nothing uncaught', async () => {
    const name = `upgrade-failed-${Math.random()}`;
    await emptyDatabase(name);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await expect(createDbHandle(name).get()).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(
        'Artmint: the device store could not be upgraded.',
        expect.anything(),
      );
      const versions = await indexedDB.databases();
      expect(versions.find((db) => db.name === name)?.version).toBe(1);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
