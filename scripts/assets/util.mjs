// Shared helpers for the sample-art generator: a seeded PRNG, compact number formatting,
// colour mixing, smooth curves and the SVG document wrapper. Pure functions only.

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. Same seed, same sequence. */
export function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/** FNV-1a hash of a string, for seeding from names. */
export function hashString(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number with at most one decimal: keeps the SVG compact. */
export const f = (v) => String(Math.round(v * 10) / 10);

function toRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear mix of two #rrggbb colours (t = 0 gives a, 1 gives b). */
export function mix(a, b, t) {
  const ca = toRgb(a);
  const cb = toRgb(b);
  const c = ca.map((v, i) => Math.round(v + (cb[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export const lighten = (c, t) => mix(c, '#ffffff', t);
export const darken = (c, t) => mix(c, '#000000', t);

// Curated palettes: [background dark, background 2, accent a, accent b, accent c, ink].
// The last two are light palettes whose ink is dark.
const PALETTES = [
  ['#0b1026', '#2e1065', '#7c3aed', '#ec4899', '#f59e0b', '#fdf4ff'],
  ['#03131f', '#0c4a6e', '#06b6d4', '#a78bfa', '#f472b6', '#ecfeff'],
  ['#1f0a1d', '#581c4f', '#f43f5e', '#fb923c', '#fde047', '#fff7ed'],
  ['#021712', '#065f46', '#10b981', '#a3e635', '#22d3ee', '#ecfdf5'],
  ['#0f0c29', '#312e81', '#6366f1', '#c084fc', '#22d3ee', '#eef2ff'],
  ['#140f0c', '#431407', '#f97316', '#facc15', '#fb7185', '#fffbeb'],
  ['#020617', '#1e293b', '#38bdf8', '#818cf8', '#f0abfc', '#f8fafc'],
  ['#19050b', '#4c0519', '#e11d48', '#f59e0b', '#fda4af', '#fff1f2'],
  ['#fdf2f8', '#fbcfe8', '#ec4899', '#8b5cf6', '#06b6d4', '#1e1b4b'],
  ['#fefce8', '#fde68a', '#f97316', '#10b981', '#3b82f6', '#111827'],
];
export const PALETTE_COUNT = PALETTES.length;

/** Palette `index`, with its three accents rotated by `shift` (for variations of a piece). */
export function palette(index, shift = 0) {
  const [bg0, bg1, ...rest] = PALETTES[index % PALETTES.length];
  const acc = rest.slice(0, 3);
  const s = shift % 3;
  const [a, b, c] = [...acc.slice(s), ...acc.slice(0, s)];
  return { bg0, bg1, a, b, c, ink: rest[3], light: index >= 8 };
}

/** A closed Catmull-Rom spline through the points, as cubic Bezier path data. */
export function closedCurve(pts) {
  const n = pts.length;
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const p3 = pts[(i + 2) % n];
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return `${d}Z`;
}

/** An open Catmull-Rom spline through the points (no M, starts with C after the first point). */
export function openCurve(pts) {
  const n = pts.length;
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n - 1; i++) {
    const p0 = pts[Math.max(i - 1, 0)];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[Math.min(i + 2, n - 1)];
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)} ${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)} ${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** An organic blob of radius about r around (cx, cy). */
export function blob(rng, cx, cy, r, n = 7, wobble = 0.25) {
  const rot = rng.next() * Math.PI * 2;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rot + (i / n) * Math.PI * 2;
    const rr = r * (1 - wobble + rng.next() * wobble * 2);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return closedCurve(pts);
}

/** A field of round star dots drawn as one path (zero-length strokes with round caps). */
export function stars(rng, w, h, count, color, size = 2, opacity = 0.7, yMax = h) {
  let d = '';
  for (let i = 0; i < count; i++) d += `M${f(rng.range(0, w))} ${f(rng.range(0, yMax))}h0`;
  return `<path d="${d}" stroke="${color}" stroke-width="${f(size)}" stroke-linecap="round" opacity="${opacity}"/>`;
}

/** A four-point sparkle centred on (x, y). */
export function sparkle(x, y, s) {
  const p = (dx, dy) => `${f(x + dx)} ${f(y + dy)}`;
  const c = p(0, 0);
  return `M${p(0, -s)}Q${c} ${p(s, 0)}Q${c} ${p(0, s)}Q${c} ${p(-s, 0)}Q${c} ${p(0, -s)}Z`;
}

export const linear = (id, stops, x1 = 0, y1 = 0, x2 = 1, y2 = 1, extra = '') =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${extra}>${stopTags(stops)}</linearGradient>`;

export const radial = (id, stops, cx = '50%', cy = '50%', r = '50%') =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopTags(stops)}</radialGradient>`;

function stopTags(stops) {
  return stops
    .map((s, i) => {
      const [color, opacity] = Array.isArray(s) ? s : [s, 1];
      const offset = f(i / Math.max(stops.length - 1, 1));
      return `<stop offset="${offset}" stop-color="${color}"${opacity === 1 ? '' : ` stop-opacity="${opacity}"`}/>`;
    })
    .join('');
}

/** A Gaussian blur filter. */
export const blur = (id, sd) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(sd)}"/></filter>`;

/** The SVG document. `view` is the viewBox size when it differs from the display size. */
export function svgDoc(width, height, body, view = [width, height]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${view[0]} ${view[1]}">${body}</svg>`;
}
