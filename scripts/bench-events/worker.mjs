// A stream group (scripts/bench-events/streams.mjs) in a worker thread, driven by messages, so
// that reading hundreds of streams neither becomes one event loop's bottleneck nor delays the
// bids the main thread sends. This module is both sides: workerGroup in the main thread, and
// the worker's own loop when a Worker runs it.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { streamGroup } from './streams.mjs';

/** A stream group in a worker thread, driven by messages. */
export function workerGroup(origins, since, cookies = []) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { origins, since, cookies } });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      // A worker that died (an error it did not catch) never answers: the run fails, not hangs.
      worker.once('exit', (code) => reject(new Error(`a stream worker exited (${code})`)));
    });
  const ready = next('ready').then((message) => {
    if (message.error) throw new Error(message.error);
  });
  return {
    ready,
    close: () => worker.terminate(),
    async finish(target, waitMs, mineTargets = []) {
      const results = next('results');
      worker.postMessage({ type: 'finish', target, waitMs, mineTargets });
      const { caughtUp, batches, clients, loopDelayP99 } = await results;
      await worker.terminate();
      return { caughtUp, batches, clients, loopDelayP99 };
    },
  };
}

if (!isMainThread) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const group = streamGroup(workerData.origins, workerData.since, workerData.cookies);
  group.ready.then(
    () => parentPort.postMessage({ type: 'ready' }),
    (error) => parentPort.postMessage({ type: 'ready', error: error.message }),
  );
  parentPort.on('message', async (message) => {
    if (message.type !== 'finish') return;
    const results = await group.finish(message.target, message.waitMs, message.mineTargets);
    loop.disable();
    parentPort.postMessage({
      type: 'results',
      ...results,
      loopDelayP99: loop.percentile(99) / 1e6,
    });
  });
}
