import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { COUNTDOWN_TICK_MS } from '@/config/constants';

// One shared clock for every countdown (docs/architecture.md 9, docs/product.md "Fixed values":
// 1000 ms). A tiny external store: the first subscriber starts a single timer, the last one to
// leave stops it. Ticks land on whole seconds (each tick schedules the next boundary, so the clock
// never drifts), and the value is the current whole second in milliseconds since the epoch.

type Listener = () => void;

const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | null = null;
// The server's clock minus the device's (set by the live stream, src/data/sync/live.ts): a
// device clock set wrong must not end an auction early or late on screen.
let offsetMs = 0;
const clockNow = () => Date.now() + offsetMs;
let now = wholeSecond(clockNow());

// The moment a prerendered screen shows (scripts/prerender.mjs, src/app/main.tsx): React
// hydrates that copy with every clock reading this moment, so countdowns and "minutes ago"
// render the text the copy already holds. It stays the server snapshot for parts hydrated
// later; the live clock keeps it too until the app is live (`releaseHydrationNow`), so the
// hydrating commit is not followed by a blocking re-render of every countdown. Both ends are
// at most a second or two apart, and the next tick shows the current second.
let hydrationNow: number | null = null;
let holding = false;

/** Early timer callbacks (a few ms before the boundary) still count as the new second. */
const EARLY_TOLERANCE_MS = 25;

function wholeSecond(ms: number): number {
  return Math.floor(ms / COUNTDOWN_TICK_MS) * COUNTDOWN_TICK_MS;
}

/**
 * Reads the clock as the server's from now on. Under a second apart counts as the same (the
 * measure includes the network's delay).
 */
export function setClockOffset(ms: number): void {
  offsetMs = Number.isFinite(ms) && Math.abs(ms) >= COUNTDOWN_TICK_MS ? ms : 0;
}

function schedule(): void {
  const delay = now + COUNTDOWN_TICK_MS - clockNow();
  timer = setTimeout(tick, Math.max(0, delay));
}

function tick(): void {
  now = wholeSecond(clockNow() + EARLY_TOLERANCE_MS);
  schedule();
  for (const listener of [...listeners]) listener();
}

function start(): void {
  if (timer !== null) return;
  now = wholeSecond(clockNow());
  schedule();
}

function stop(): void {
  if (timer === null) return;
  clearTimeout(timer);
  timer = null;
}

/** Subscribe to the shared tick; returns the unsubscribe function. */
export function subscribeClock(listener: Listener): () => void {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/**
 * The current whole second (ms). While nobody listens the value is refreshed on read, so the
 * first render of a new countdown is never stale; it stays stable within a second.
 */
export function getClockSnapshot(): number {
  if (holding && hydrationNow !== null) return hydrationNow;
  if (timer === null) now = wholeSecond(clockNow());
  return now;
}

/** Whether the shared timer is running (for diagnostics and tests). */
export function isClockRunning(): boolean {
  return timer !== null;
}

/** Hydrate at `ms` (a whole second is taken): see above. */
export function setHydrationNow(ms: number): void {
  hydrationNow = wholeSecond(ms);
  holding = true;
}

/** The app is live: the clock reads the current second again (from its next tick on). */
export function releaseHydrationNow(): void {
  holding = false;
}

function getHydrationSnapshot(): number {
  return hydrationNow ?? getClockSnapshot();
}

/** The store's reads need no subscription of their own: see useNow. */
function subscribeNone(): () => void {
  return () => undefined;
}

/**
 * The current time on the shared 1-second clock; re-renders once a second while mounted. While
 * React hydrates a prerendered screen (also a part hydrated after the rest) it is the moment set
 * by `setHydrationNow`: the store's server snapshot.
 *
 * Each tick's re-render is a transition: React renders every countdown and "minutes ago" on the
 * screen together, in slices of a few milliseconds that yield to the browser, instead of one
 * blocking task (a store subscription would force a synchronous render, and a home with twenty
 * countdowns then blocked input once a second). The render reads the store, so React still
 * checks that the second did not change while it rendered.
 */
export function useNow(): number {
  const now = useSyncExternalStore(subscribeNone, getClockSnapshot, getHydrationSnapshot);
  const [, setTicks] = useState(0);
  useEffect(() => subscribeClock(() => startTransition(() => setTicks((ticks) => ticks + 1))), []);
  return now;
}
