// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../next-task';

afterEach(() => vi.unstubAllGlobals());

describe('nextTask', () => {
  it('resolves in a later task: after the work already queued in this one', async () => {
    const order: string[] = [];
    const later = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('this task'));
    await later;
    expect(order).toEqual(['this task', 'next task']);
  });

  it("yields through the browser's scheduler where it has one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
