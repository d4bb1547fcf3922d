// The moment the sample content is built as of (ms, a whole second, fixed on first use): its
// auction ends and activity times are relative to it. A prerendered screen shows the sample as
// of its own epoch, so the app hydrating it at this one (setHydrationNow in src/lib/clock.ts)
// reads the same countdowns. A module of its own: the app's entry needs it without the data.
let epoch: number | null = null;

export function sampleEpoch(): number {
  epoch ??= Math.floor(Date.now() / 1000) * 1000;
  return epoch;
}

/** Forgets the epoch (tests: the next use takes the current second). */
export function resetSampleEpoch(): void {
  epoch = null;
}
