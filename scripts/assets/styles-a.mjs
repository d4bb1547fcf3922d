// Art styles, part one: bloom, pixel sprite, waves, planet, meme face, Bauhaus tiles.
// Each style is (rng, palette, width, height) => SVG body markup, and works at any aspect ratio.
import {
  blob,
  blur,
  darken,
  f,
  lighten,
  linear,
  mix,
  openCurve,
  radial,
  sparkle,
  stars,
} from './util.mjs';

const rect = (w, h, fill) => `<rect width="${w}" height="${h}" fill="${fill}"/>`;

/** Layered gradient blobs over soft glows (Art). */
export function bloom(rng, p, w, h) {
  const m = Math.min(w, h);
  const cols = [p.a, p.b, p.c];
  let defs =
    radial('g', [p.bg1, p.bg0], '50%', '35%', '80%') + blur('f', m * 0.08) + blur('s', m * 0.014);
  cols.forEach(
    (c, i) => (defs += linear(`b${i}`, [lighten(c, 0.15), darken(cols[(i + 1) % 3], 0.1)])),
  );
  let s = `<defs>${defs}</defs>${rect(w, h, 'url(#g)')}`;
  const glows = Math.max(3, Math.round((w / h) * 3));
  for (let i = 0; i < glows; i++) {
    const x = ((i + rng.range(0.2, 0.8)) / glows) * w;
    const d = blob(rng, x, rng.range(0.2, 0.8) * h, m * 0.28, 6, 0.3);
    s += `<path d="${d}" fill="${cols[i % 3]}" opacity=".55" filter="url(#f)"/>`;
  }
  s += stars(rng, w, h, 40, p.ink, m * 0.006, 0.5);
  const sw = rng.range(0, Math.PI * 2);
  const drop = `transform="translate(0 ${f(m * 0.014)})" fill="#000" opacity=".45" filter="url(#s)"`;
  for (let k = 0; k < 6; k++) {
    const a = sw + k * 1.3;
    const cx = w / 2 + Math.cos(a) * m * 0.035 * k;
    const cy = h / 2 + Math.sin(a) * m * 0.035 * k;
    const d = blob(rng, cx, cy, m * (0.33 - k * 0.05), 7, 0.16);
    s += `<path d="${d}" ${drop}/><path d="${d}" fill="url(#b${k % 3})"/>`;
  }
  s += `<circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(m * 0.44)}" fill="none" stroke="${p.ink}" stroke-opacity=".35" stroke-width="${f(m * 0.004)}" stroke-dasharray="1 ${f(m * 0.012)}" stroke-linecap="round"/>`;
  let sp = '';
  for (let i = 0; i < 4; i++)
    sp += sparkle(rng.range(0.1, 0.9) * w, rng.range(0.1, 0.9) * h, m * rng.range(0.015, 0.03));
  return `${s}<path d="${sp}" fill="${p.ink}" opacity=".85"/>`;
}

/** A mirrored pixel creature with a small HUD (Games). */
export function pixel(rng, p, w, h) {
  const m = Math.min(w, h);
  const N = 10;
  const cell = m * 0.055;
  const grid = [];
  for (let r = 0; r < N; r++) {
    const row = [];
    for (let c = 0; c < 5; c++) {
      const centre = c >= 3 ? 0.2 : 0;
      const middle = r > 1 && r < 8 ? 0.15 : -0.1;
      const filled = rng.chance(0.5 + centre + middle);
      row.push(filled ? (rng.chance(0.25) ? 2 : 1) : 0);
    }
    grid.push(row);
  }
  for (const [r, c] of [
    [2, 2],
    [4, 2],
    [3, 1],
    [3, 3],
    [3, 4],
    [4, 3],
    [4, 4],
    [5, 3],
    [5, 4],
  ])
    grid[r][c] = 1;
  grid[3][2] = 3;
  const x0 = w / 2 - cell * 5;
  const y0 = h / 2 - cell * 5.4;
  const paths = ['', '', '', ''];
  let pupils = '';
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < 10; c++) {
      const v = grid[r][c < 5 ? c : 9 - c];
      if (!v) continue;
      const x = x0 + c * cell;
      const y = y0 + r * cell;
      paths[v] += `M${f(x)} ${f(y)}h${f(cell)}v${f(cell)}h${f(-cell)}z`;
      if (v === 3)
        pupils += `M${f(x + cell * (c < 5 ? 0.45 : 0.2))} ${f(y + cell * 0.3)}h${f(cell * 0.35)}v${f(cell * 0.45)}h${f(-cell * 0.35)}z`;
    }
  }
  const body = paths[1] + paths[2] + paths[3];
  let s = `<defs>${radial('g', [p.bg1, p.bg0], '50%', '45%', '75%')}${linear('h', [p.a, p.c], 0, 0, 1, 0)}${blur('f', m * 0.05)}<pattern id="d" width="${f(m * 0.05)}" height="${f(m * 0.05)}" patternUnits="userSpaceOnUse"><circle cx="${f(m * 0.025)}" cy="${f(m * 0.025)}" r="${f(m * 0.003)}" fill="${p.ink}" opacity=".25"/></pattern></defs>`;
  s += rect(w, h, 'url(#g)') + rect(w, h, 'url(#d)');
  s += `<ellipse cx="${f(w / 2)}" cy="${f(y0 + cell * 10.6)}" rx="${f(cell * 5.5)}" ry="${f(cell * 1.1)}" fill="${p.c}" opacity=".45" filter="url(#f)"/>`;
  s += `<path d="${body}" fill="${darken(p.bg0, 0.4)}" opacity=".5" transform="translate(${f(cell * 0.35)} ${f(cell * 0.35)})"/>`;
  s += `<path d="${paths[1]}" fill="${p.a}"/><path d="${paths[2]}" fill="${p.b}"/><path d="${paths[3]}" fill="${p.ink}"/><path d="${pupils}" fill="${p.bg0}"/>`;
  const bw = m * 0.42;
  const bx = w / 2 - bw / 2;
  const by = h - m * 0.1;
  s += `<rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(m * 0.03)}" rx="${f(m * 0.015)}" fill="none" stroke="${p.ink}" stroke-opacity=".6" stroke-width="${f(m * 0.005)}"/>`;
  s += `<rect x="${f(bx + m * 0.006)}" y="${f(by + m * 0.006)}" width="${f((bw - m * 0.012) * rng.range(0.45, 0.9))}" height="${f(m * 0.018)}" rx="${f(m * 0.009)}" fill="url(#h)"/>`;
  for (let i = 0; i < 3; i++) {
    s += `<circle cx="${f(m * (0.08 + i * 0.05))}" cy="${f(m * 0.08)}" r="${f(m * 0.016)}" fill="${p.c}" stroke="${lighten(p.c, 0.5)}" stroke-width="${f(m * 0.005)}"/>`;
  }
  return s;
}

/** Layered sound waves under a setting sun (Music). */
export function waves(rng, p, w, h) {
  const m = Math.min(w, h);
  const sunR = m * 0.2;
  const sx = w * rng.range(0.35, 0.65);
  const sy = h * 0.36;
  let s = `<defs>${linear('g', [p.bg0, p.bg1], 0, 0, 0, 1)}${linear('s', [p.c, p.b], 0, 0, 0, 1)}${blur('f', m * 0.06)}</defs>${rect(w, h, 'url(#g)')}`;
  s += stars(rng, w, h, 30, p.ink, m * 0.005, 0.5, h * 0.5);
  s += `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sunR * 1.2)}" fill="${p.b}" opacity=".6" filter="url(#f)"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sunR)}" fill="url(#s)"/>`;
  const pts = [];
  for (let i = 0; i <= 24; i++) {
    const x = (i / 24) * w;
    const env = Math.exp(-(((x - sx) / (w * 0.22)) ** 2));
    pts.push([x, sy + Math.sin(i * 1.7) * sunR * 0.9 * env]);
  }
  s += `<path d="${openCurve(pts)}" fill="none" stroke="${p.ink}" stroke-width="${f(m * 0.005)}" opacity=".75"/>`;
  const L = 6;
  for (let i = 0; i < L; i++) {
    const base = h * (0.5 + i * 0.085);
    const amp = m * (0.05 - i * 0.004);
    const fr = rng.range(1, 2.2);
    const ph = rng.range(0, 6.3);
    const ph2 = rng.range(0, 6.3);
    const wp = [];
    for (let k = -1; k <= 13; k++) {
      const x = (k / 12) * w;
      const t = (x / w) * Math.PI * 2;
      wp.push([x, base + amp * Math.sin(t * fr + ph) + amp * 0.45 * Math.sin(t * fr * 2.3 + ph2)]);
    }
    const col = darken(mix(p.a, p.b, 1 - i / (L - 1)), i * 0.11);
    s += `<path d="${openCurve(wp)}L${f(w * 1.1)} ${h}L${f(-w * 0.1)} ${h}Z" fill="${col}" opacity=".93"/>`;
  }
  return s;
}

/** A ringed planet with a moon and a star field (Video). */
export function planet(rng, p, w, h) {
  const m = Math.min(w, h);
  const R = m * 0.22;
  const cx = w * rng.range(0.5, 0.6);
  const cy = h * rng.range(0.48, 0.56);
  const tilt = f(rng.range(-28, -12));
  let s = `<defs>${radial('g', [p.bg1, p.bg0], '25%', '20%', '90%')}${radial('p', [lighten(p.c, 0.3), p.a, darken(p.a, 0.75)], '35%', '30%', '75%')}${linear('r', [p.ink, p.b, p.c], 0, 0, 1, 0)}${radial('o', [lighten(p.b, 0.6), darken(p.b, 0.5)], '35%', '30%', '70%')}${blur('f', m * 0.1)}<clipPath id="k"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}"/></clipPath></defs>`;
  s +=
    rect(w, h, 'url(#g)') +
    stars(rng, w, h, 80, p.ink, m * 0.004, 0.8) +
    stars(rng, w, h, 14, p.ink, m * 0.009, 0.9);
  s += `<path d="${blob(rng, w * 0.25, h * 0.7, m * 0.3)}" fill="${p.b}" opacity=".28" filter="url(#f)"/><path d="${blob(rng, w * 0.8, h * 0.25, m * 0.22)}" fill="${p.a}" opacity=".3" filter="url(#f)"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(m * 0.46)}" ry="${f(m * 0.16)}" fill="none" stroke="${p.ink}" stroke-opacity=".25" stroke-dasharray="2 8" transform="rotate(${tilt} ${f(cx)} ${f(cy)})"/>`;
  const ring = (sweep) =>
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${tilt})" fill="none" stroke="url(#r)"><path d="M${f(-R * 1.9)} 0A${f(R * 1.9)} ${f(R * 0.42)} 0 0 ${sweep} ${f(R * 1.9)} 0" stroke-width="${f(R * 0.13)}" opacity=".9"/><path d="M${f(-R * 1.55)} 0A${f(R * 1.55)} ${f(R * 0.33)} 0 0 ${sweep} ${f(R * 1.55)} 0" stroke-width="${f(R * 0.05)}" opacity=".6"/></g>`;
  s += ring(1);
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="url(#p)"/><g clip-path="url(#k)" transform="rotate(${tilt} ${f(cx)} ${f(cy)})" fill="${p.ink}">`;
  for (let i = 0; i < 5; i++) {
    const y = cy - R + rng.range(0.15, 1.8) * R;
    s += `<rect x="${f(cx - R)}" y="${f(y)}" width="${f(R * 2)}" height="${f(R * rng.range(0.04, 0.16))}" opacity="${f(rng.range(0.06, 0.16))}"/>`;
  }
  s += `</g>${ring(0)}`;
  const mx = w * rng.range(0.12, 0.28);
  const my = h * rng.range(0.15, 0.3);
  return `${s}<circle cx="${f(mx)}" cy="${f(my)}" r="${f(m * 0.045)}" fill="url(#o)"/>`;
}

/** A sticker-style emoji blob on a sunburst (Memes). */
export function face(rng, p, w, h) {
  const m = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  const ink = '#1e1b4b';
  let rays = '';
  const n = 18;
  const far = Math.max(w, h);
  for (let i = 0; i < n; i++) {
    const a0 = (i / n) * Math.PI * 2;
    const a1 = a0 + Math.PI / n;
    rays += `M${f(cx)} ${f(cy)}L${f(cx + Math.cos(a0) * far)} ${f(cy + Math.sin(a0) * far)}L${f(cx + Math.cos(a1) * far)} ${f(cy + Math.sin(a1) * far)}Z`;
  }
  let s = `<defs>${radial('y', ['#fef08a', '#facc15', '#f59e0b'], '40%', '35%', '70%')}<pattern id="d" width="${f(m * 0.04)}" height="${f(m * 0.04)}" patternUnits="userSpaceOnUse"><circle cx="${f(m * 0.02)}" cy="${f(m * 0.02)}" r="${f(m * 0.006)}" fill="${p.b}" opacity=".35"/></pattern></defs>`;
  s += rect(w, h, p.bg0) + `<path d="${rays}" fill="${p.bg1}"/>` + rect(w, h, 'url(#d)');
  const d = blob(rng, cx, cy, m * 0.3, 8, 0.08);
  const sw = f(m * 0.014);
  s += `<path d="${d}" fill="${ink}" transform="translate(${f(m * 0.025)} ${f(m * 0.025)})"/><path d="${d}" fill="url(#y)" stroke="${ink}" stroke-width="${sw}"/>`;
  const ex = m * 0.1;
  const ey = cy - m * 0.06;
  const kind = rng.int(0, 2);
  if (kind === 0) {
    for (const dx of [-ex, ex]) {
      const a = rng.range(0, Math.PI * 2);
      s += `<circle cx="${f(cx + dx)}" cy="${f(ey)}" r="${f(m * 0.062)}" fill="#fff" stroke="${ink}" stroke-width="${sw}"/><circle cx="${f(cx + dx + Math.cos(a) * m * 0.025)}" cy="${f(ey + Math.sin(a) * m * 0.025)}" r="${f(m * 0.028)}" fill="${ink}"/>`;
    }
  } else if (kind === 1) {
    const gy = ey - m * 0.03;
    s += `<path d="M${f(cx - m * 0.2)} ${f(gy)}H${f(cx + m * 0.2)}V${f(gy + m * 0.02)}H${f(cx + m * 0.19)}L${f(cx + m * 0.17)} ${f(gy + m * 0.08)}H${f(cx + m * 0.04)}L${f(cx + m * 0.02)} ${f(gy + m * 0.025)}H${f(cx - m * 0.02)}L${f(cx - m * 0.04)} ${f(gy + m * 0.08)}H${f(cx - m * 0.17)}L${f(cx - m * 0.19)} ${f(gy + m * 0.02)}H${f(cx - m * 0.2)}Z" fill="${ink}"/><path d="M${f(cx - m * 0.15)} ${f(gy + m * 0.045)}l${f(m * 0.03)} ${f(-m * 0.03)}M${f(cx + m * 0.08)} ${f(gy + m * 0.045)}l${f(m * 0.03)} ${f(-m * 0.03)}" stroke="#fff" stroke-width="${f(m * 0.01)}" stroke-linecap="round" opacity=".8"/>`;
  } else {
    s += `<circle cx="${f(cx - ex)}" cy="${f(ey)}" r="${f(m * 0.035)}" fill="${ink}"/><path d="M${f(cx + ex - m * 0.05)} ${f(ey + m * 0.01)}q${f(m * 0.05)} ${f(-m * 0.05)} ${f(m * 0.1)} 0" fill="none" stroke="${ink}" stroke-width="${sw}" stroke-linecap="round"/>`;
  }
  const my = cy + m * 0.07;
  const mw = m * rng.range(0.1, 0.15);
  s += `<path d="M${f(cx - mw)} ${f(my)}Q${f(cx)} ${f(my + m * 0.16)} ${f(cx + mw)} ${f(my)}Z" fill="#7f1d1d" stroke="${ink}" stroke-width="${sw}" stroke-linejoin="round"/>`;
  if (rng.chance(0.6))
    s += `<path d="M${f(cx - mw * 0.45)} ${f(my + m * 0.06)}q${f(mw * 0.45)} ${f(m * 0.06)} ${f(mw * 0.9)} 0" fill="#fb7185"/>`;
  s += `<ellipse cx="${f(cx - m * 0.17)}" cy="${f(my - m * 0.01)}" rx="${f(m * 0.035)}" ry="${f(m * 0.02)}" fill="#fb7185" opacity=".6"/><ellipse cx="${f(cx + m * 0.17)}" cy="${f(my - m * 0.01)}" rx="${f(m * 0.035)}" ry="${f(m * 0.02)}" fill="#fb7185" opacity=".6"/>`;
  let sp = '';
  for (let i = 0; i < 5; i++) {
    const a = rng.range(0, Math.PI * 2);
    sp += sparkle(
      cx + Math.cos(a) * m * 0.4,
      cy + Math.sin(a) * m * 0.4,
      m * rng.range(0.025, 0.045),
    );
  }
  return `${s}<path d="${sp}" fill="${p.a}" stroke="${ink}" stroke-width="${f(m * 0.006)}"/>`;
}

/** A grid of Bauhaus tiles: quarter circles, half circles, triangles, rings (Art). */
export function bauhaus(rng, p, w, h) {
  const m = Math.min(w, h);
  const size = Math.max(m / 4, Math.sqrt((w * h) / 24));
  const cols = Math.max(2, Math.round(w / size));
  const rows = Math.max(2, Math.round(h / size));
  const tw = w / cols;
  const th = h / rows;
  const colours = [p.bg0, p.bg1, p.a, p.b, p.c, p.ink];
  const shapes = [
    (c) => `<path d="M0 0H100A100 100 0 0 1 0 100Z" fill="${c}"/>`,
    (c) => `<path d="M0 50A50 50 0 0 1 100 50Z" fill="${c}"/>`,
    (c) => `<path d="M0 0H100L0 100Z" fill="${c}"/>`,
    (c, c2) =>
      `<circle cx="50" cy="50" r="34" fill="${c}"/><circle cx="50" cy="50" r="14" fill="${c2}"/>`,
    (c) =>
      `<g fill="none" stroke="${c}" stroke-width="8"><circle cx="0" cy="100" r="30"/><circle cx="0" cy="100" r="56"/><circle cx="0" cy="100" r="82"/></g>`,
    (c) => `<path d="M0 0H100V22H0ZM0 39H100V61H0ZM0 78H100V100H0Z" fill="${c}"/>`,
    (c, c2) =>
      `<path d="M50 0A50 50 0 0 1 50 100Z" fill="${c}"/><path d="M50 0A50 50 0 0 0 50 100Z" fill="${c2}"/>`,
  ];
  let s = '<defs><clipPath id="t"><rect width="100.6" height="100.6"/></clipPath></defs>';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const bg = rng.pick(colours);
      let fg = rng.pick(colours);
      while (fg === bg) fg = rng.pick(colours);
      let fg2 = rng.pick(colours);
      while (fg2 === fg) fg2 = rng.pick(colours);
      const shape = rng.pick(shapes)(fg, fg2);
      const rot = rng.int(0, 3) * 90;
      s += `<g transform="translate(${f(c * tw)} ${f(r * th)}) scale(${(tw / 100).toFixed(3)} ${(th / 100).toFixed(3)})" clip-path="url(#t)"><rect width="101" height="101" fill="${bg}"/>${rot ? `<g transform="rotate(${rot} 50 50)">${shape}</g>` : shape}</g>`;
    }
  }
  return s;
}
