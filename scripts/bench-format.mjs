// How the benchmarks print their figures (scripts/bench-scale.mjs and its modules,
// scripts/bench-lists.mjs, scripts/bench-support.mjs): percentiles and medians, milliseconds,
// megabytes, counts and the PASS or FAIL of a budget.

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
export const ms = (value) => `${value.toFixed(1)} ms`;
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const count = (n) => Number(n).toLocaleString('en');
/** A budget's verdict as printed at the start of its line. */
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
/** A figure's line, indented under its section's heading. */
export const log = (line) => console.log(`  ${line}`);

/** Notes in `result` the error its measure stopped at, says it, and returns the result. */
export function failed(result, error) {
  result.error = error instanceof Error ? error.message : String(error);
  log(`failed: ${result.error}`);
  return result;
}

/** The --timeout a wait ran out at, for the "> N s" of time(Infinity). */
let timeoutS = 60;
export function setWaitLimit(seconds) {
  timeoutS = seconds;
}
/** A duration: "850 ms", "12.3 s", or "> 60 s" for a wait that ran out (Infinity). */
export const time = (ms) =>
  ms === Infinity
    ? `> ${timeoutS} s`
    : ms >= 10_000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${ms.toFixed(0)} ms`;
