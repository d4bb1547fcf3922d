// Wallet marks, store badges and the app mark (shared by the SVG favicon and the PNG icons).
// The wallet marks are original: a coloured rounded square with a simple drawn letter or shape.
import { f, linear } from './util.mjs';

/** The app mark in a unit square: an "A" of round-capped strokes plus a mint sparkle. */
export const MARK = {
  strokes: [
    [0.47, 0.26, 0.27, 0.74],
    [0.47, 0.26, 0.67, 0.74],
    [0.335, 0.585, 0.605, 0.585],
  ],
  halfWidth: 0.055,
  sparkle: sparklePolygon(0.745, 0.27, 0.095, 0.028),
};

function sparklePolygon(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 4;
    const r = i % 2 ? inner : outer;
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return pts;
}

export const ICON_TOP = '#7c3aed';
export const ICON_BOTTOM = '#4c1d95';

/** The favicon: the same mark as the PNG icons, as SVG. */
export function faviconSvg() {
  const u = (v) => f(v * 100);
  const d = MARK.strokes.map(([x1, y1, x2, y2]) => `M${u(x1)} ${u(y1)}L${u(x2)} ${u(y2)}`).join('');
  const star = MARK.sparkle.map(([x, y]) => `${u(x)} ${u(y)}`).join('L');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 100 100"><defs>${linear('g', [ICON_TOP, ICON_BOTTOM])}</defs><rect width="100" height="100" rx="22" fill="url(#g)"/><path d="${d}" fill="none" stroke="#fff" stroke-width="${u(MARK.halfWidth * 2)}" stroke-linecap="round" stroke-linejoin="round"/><path d="M${star}Z" fill="#fff"/></svg>`;
}

// Marks drawn in a 120 x 120 box, stroked with round caps.
const WALLETS = {
  metamask: ['#f6851b', '#c2570c', '#fff', 'M38 82V40L60 64L82 40V82'],
  alpha: ['#ef4444', '#991b1b', '#fff', 'M36 84L60 36L84 84M45 68H75'],
  binance: [
    '#f0b90b',
    '#ca8a04',
    '#1e2026',
    'M44 38V82H66A11 11 0 0 0 66 60H44M44 60H63A11 11 0 0 0 63 38H44',
  ],
  bitski: ['#a855f7', '#6b21a8', '#fff', 'M44 34V82M44 66A16 16 0 1 0 76 66A16 16 0 1 0 44 66'],
  coinbase: ['#1652f0', '#0b2f9a', '#fff', 'M78 46A22 22 0 1 0 78 74'],
  enjin: ['#14b8a6', '#0f5f59', '#fff', 'M80 38H42V82H80M42 60H72'],
  formatic: ['#6366f1', '#3730a3', '#fff', 'M80 38H44V84M44 61H72'],
  pionex: ['#1f2937', '#030712', '#fb923c', 'M46 84V38H66A13 13 0 0 1 66 64H46'],
  torus: ['#0ea5e9', '#075985', '#fff', 'M60 38A22 22 0 1 0 60.1 38M60 52A8 8 0 1 0 60.1 52'],
  trustwallet: [
    '#2563eb',
    '#1e3a8a',
    '#fff',
    'M60 32L84 41V60C84 74 74 84 60 89C46 84 36 74 36 60V41Z',
  ],
  walletconnect: ['#e0f2fe', '#93c5fd', '#1d4ed8', 'M32 48L44 76L60 54L76 76L88 48'],
};
export const WALLET_IDS = Object.keys(WALLETS);

export function walletSvg(id) {
  const spec = WALLETS[id];
  if (!spec) throw new Error(`Unknown wallet ${id}`);
  const [top, bottom, ink, d] = spec;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><defs>${linear('g', [top, bottom], 0, 0, 0.4, 1)}</defs><rect width="120" height="120" rx="28" fill="url(#g)"/><rect x="3" y="3" width="114" height="114" rx="25" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="2"/><path d="${d}" fill="none" stroke="${ink}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

function badge(icon, small, big, bigLength) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="135" height="40" viewBox="0 0 135 40"><rect x=".5" y=".5" width="134" height="39" rx="8" fill="#0b0b0f" stroke="#a6a6a6"/>${icon}<g fill="#fff" font-family="${FONT}"><text x="40" y="15" font-size="7.5" letter-spacing=".3">${small}</text><text x="39.5" y="30" font-size="14" font-weight="600" textLength="${bigLength}" lengthAdjust="spacingAndGlyphs">${big}</text></g></svg>`;
}

/** Store badges: generic device and play glyphs, not the stores' own logos. */
export function appStoreBadge() {
  const icon = `<rect x="12" y="8" width="16" height="24" rx="3.5" fill="none" stroke="#fff" stroke-width="2"/><path d="M20 13V23M16.5 19.5L20 23L23.5 19.5" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>`;
  return badge(icon, 'Download on the', 'App Store', 72);
}

export function googlePlayBadge() {
  const icon = `<defs>${linear('p', ['#22d3ee', '#a3e635', '#facc15', '#f43f5e'], 0, 0, 1, 1)}</defs><path d="M13 9.5C13 8.3 14.3 7.6 15.3 8.2L30 18.7C30.9 19.3 30.9 20.7 30 21.3L15.3 31.8C14.3 32.4 13 31.7 13 30.5Z" fill="url(#p)"/>`;
  return badge(icon, 'GET IT ON', 'Google Play', 84);
}
