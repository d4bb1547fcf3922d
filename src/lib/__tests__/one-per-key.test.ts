// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onePerKey } from '../one-per-key';

/** A run per key that the test settles by hand; the keys run, in order. */
function gated() {
  const started: string[] = [];
  const settle = new Map<string, (value: string) => void>();
  const run = onePerKey((key: string) => {
    started.push(key);
    return new Promise<string>((resolve) => settle.set(key, resolve));
  });
  return { run, started, settle: (key: string) => settle.get(key)?.(`${key}!`) };
}

describe('onePerKey', () => {
  it('shares the run of a key until it settles, and runs it anew after', async () => {
    const { run, started, settle } = gated();
    const first = run('a');
    expect(run('a')).toBe(first);
    settle('a');
    expect(await first).toBe('a!');
    const again = run('a');
    expect(again).not.toBe(first);
    expect(started).toEqual(['a', 'a']);
  });

  it('runs each key apart', () => {
    const { run, started } = gated();
    expect(run('a')).not.toBe(run('b'));
    expect(started).toEqual(['a', 'b']);
  });

  it('forgets a key whose run failed', async () => {
    let calls = 0;
    const run = onePerKey(async () => {
      calls += 1;
      if (calls === 1) throw new Error('no answer');
      return 'answer';
    });
    await expect(run(1)).rejects.toThrow('no answer');
    expect(await run(1)).toBe('answer');
  });
});
