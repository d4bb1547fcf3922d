/** Scrolls the window to the top over `durationMs` with an ease-out curve (spec: 500 ms). */
export function scrollToTop(durationMs: number): void {
  const start = window.scrollY;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (start <= 0) return;
  if (reduced || durationMs <= 0) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - t0) / durationMs);
    const eased = 1 - (1 - progress) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
