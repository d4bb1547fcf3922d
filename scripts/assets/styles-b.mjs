// Art styles, part two: low-poly gem, vinyl equaliser, synthwave horizon, Memphis pop,
// halo rings, isometric city. Each is (rng, palette, width, height) => SVG body markup.
import { blur, darken, f, lighten, linear, mix, radial, sparkle, stars } from './util.mjs';

const rect = (w, h, fill) => `<rect width="${w}" height="${h}" fill="${fill}"/>`;
const poly = (pts, fill, extra = '') =>
  `<path d="M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z" fill="${fill}"${extra}/>`;

/** A faceted gem over a low-poly field (Games). */
export function lowpoly(rng, p, w, h) {
  const m = Math.min(w, h);
  const cell = Math.sqrt((w * h) / 36);
  const cols = Math.max(2, Math.round(w / cell));
  const rows = Math.max(2, Math.round(h / cell));
  const pt = [];
  for (let r = 0; r <= rows; r++) {
    const row = [];
    for (let c = 0; c <= cols; c++) {
      const jx = c === 0 || c === cols ? 0 : rng.range(-0.35, 0.35);
      const jy = r === 0 || r === rows ? 0 : rng.range(-0.35, 0.35);
      row.push([((c + jx) / cols) * w, ((r + jy) / rows) * h]);
    }
    pt.push(row);
  }
  let s = `<defs>${blur('f', m * 0.07)}</defs>`;
  const shade = (tri) => {
    const x = (tri[0][0] + tri[1][0] + tri[2][0]) / 3 / w;
    const y = (tri[0][1] + tri[1][1] + tri[2][1]) / 3 / h;
    const base = mix(mix(p.bg1, p.a, x * 0.45), p.bg0, y * 0.7);
    return mix(base, rng.chance(0.5) ? '#ffffff' : '#000000', rng.range(0, 0.08));
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [a, b, d, e] = [pt[r][c], pt[r][c + 1], pt[r + 1][c], pt[r + 1][c + 1]];
      const t1 = (r + c) % 2 ? [a, b, e] : [a, b, d];
      const t2 = (r + c) % 2 ? [a, e, d] : [b, e, d];
      s += poly(t1, shade(t1)) + poly(t2, shade(t2));
    }
  }
  const cx = w / 2;
  const cy = h / 2;
  const R = m * rng.range(0.24, 0.3);
  const y0 = cy - R * 0.55;
  const y1 = cy - R * rng.range(0.12, 0.2);
  const B = [cx, cy + R * 0.85];
  const T = [-0.55, 0, 0.55].map((k) => [cx + k * R, y0]);
  const G = [-1, -0.5, 0, 0.5, 1].map((k) => [cx + k * R, y1]);
  const facets = [
    [G[0], T[0], G[1]],
    [G[1], T[0], T[1]],
    [G[1], T[1], G[2]],
    [G[2], T[1], G[3]],
    [G[3], T[1], T[2]],
    [G[3], T[2], G[4]],
    [G[0], G[1], B],
    [G[1], G[2], B],
    [G[2], G[3], B],
    [G[3], G[4], B],
  ];
  const tones = [
    lighten(p.c, 0.55),
    lighten(p.c, 0.2),
    p.c,
    mix(p.c, p.a, 0.5),
    darken(p.c, 0.25),
    darken(p.a, 0.2),
  ];
  s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(R * 1.1)}" ry="${f(R * 0.9)}" fill="${p.c}" opacity=".55" filter="url(#f)"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(cy + R * 1.05)}" rx="${f(R * 0.7)}" ry="${f(R * 0.09)}" fill="#000" opacity=".35"/>`;
  s += `<g stroke="${lighten(p.c, 0.7)}" stroke-opacity=".6" stroke-width="${f(m * 0.003)}" stroke-linejoin="round">`;
  facets.forEach((t, i) => (s += poly(t, tones[(i * 5 + (i > 5 ? 2 : 0)) % tones.length])));
  s += '</g>';
  let sp = '';
  sp +=
    sparkle(cx - R * 0.25, y0 + R * 0.12, m * 0.03) +
    sparkle(cx + R * 1.2, cy - R * 0.8, m * 0.025);
  sp += sparkle(cx - R * 1.25, cy + R * 0.5, m * 0.018);
  return `${s}<path d="${sp}" fill="#fff" opacity=".9"/>`;
}

/** A vinyl record inside a ring of equaliser bars (Music). */
export function vinyl(rng, p, w, h) {
  const m = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  const R = m * 0.3;
  let s = `<defs>${linear('g', [p.bg1, p.bg0])}${linear('e', [p.a, p.b, p.c], 0, 0, 1, 1)}${linear('l', [p.b, p.a])}${blur('f', m * 0.09)}</defs>${rect(w, h, 'url(#g)')}`;
  s += stars(rng, w, h, 26, p.ink, m * 0.005, 0.45);
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.2)}" fill="${p.a}" opacity=".45" filter="url(#f)"/>`;
  const n = 72;
  const ph = rng.range(0, 6.3);
  let bars = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const v = 0.5 + 0.5 * Math.sin(i * 0.5 + ph) * Math.cos(i * 0.19 + ph * 2);
    const len = m * (0.02 + 0.1 * v * rng.range(0.6, 1));
    const r0 = R * 1.1;
    bars += `M${f(cx + Math.cos(a) * r0)} ${f(cy + Math.sin(a) * r0)}L${f(cx + Math.cos(a) * (r0 + len))} ${f(cy + Math.sin(a) * (r0 + len))}`;
  }
  s += `<path d="${bars}" stroke="url(#e)" stroke-width="${f(m * 0.011)}" stroke-linecap="round"/>`;
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="${darken(p.bg0, 0.55)}"/><g fill="none" stroke="${p.ink}">`;
  for (let k = 0; k < 9; k++) {
    s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * (0.45 + k * 0.065))}" stroke-opacity="${k % 2 ? 0.07 : 0.13}"/>`;
  }
  s += '</g>';
  const wedge = (a0) => {
    const a1 = a0 + 0.5;
    return `M${f(cx)} ${f(cy)}L${f(cx + Math.cos(a0) * R)} ${f(cy + Math.sin(a0) * R)}A${f(R)} ${f(R)} 0 0 1 ${f(cx + Math.cos(a1) * R)} ${f(cy + Math.sin(a1) * R)}Z`;
  };
  const sa = rng.range(0, 3);
  s += `<path d="${wedge(sa)}${wedge(sa + Math.PI)}" fill="#fff" opacity=".07"/>`;
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.36)}" fill="url(#l)"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.29)}" fill="none" stroke="${p.ink}" stroke-opacity=".4" stroke-dasharray="3 5"/>`;
  return `${s}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.05)}" fill="${p.bg0}"/>`;
}

/** A striped sun over neon mountains and a perspective grid (Video). */
export function synthwave(rng, p, w, h) {
  const m = Math.min(w, h);
  const hy = h * 0.64;
  const cx = w / 2;
  const r = m * 0.25;
  const cy = hy - r * 0.25;
  let mask = `<rect width="${w}" height="${h}" fill="#fff"/>`;
  for (let k = 0; k < 7; k++) {
    mask += `<rect y="${f(cy - r * 0.15 + k * r * 0.17)}" width="${w}" height="${f(r * (0.02 + k * 0.022))}"/>`;
  }
  let s = `<defs>${linear('g', [p.bg0, p.bg1, mix(p.a, p.bg1, 0.3)], 0, 0, 0, 1)}${linear('s', [p.c, p.b, p.a], 0, 0, 0, 1)}${linear('n', [[p.b, 0], p.b], 0, `${f(hy)}`, 0, `${h}`, ' gradientUnits="userSpaceOnUse"')}${blur('f', m * 0.06)}<mask id="k">${mask}</mask></defs>`;
  s += `<rect width="${w}" height="${f(hy)}" fill="url(#g)"/>${stars(rng, w, hy * 0.7, 50, p.ink, m * 0.005, 0.7)}`;
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.15)}" fill="${p.a}" opacity=".7" filter="url(#f)"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#s)" mask="url(#k)"/>`;
  const ridge = (peaks, top, col, stroke) => {
    const pts = [[0, hy]];
    for (let i = 0; i <= peaks; i++) {
      const x = (i / peaks) * w;
      const near = Math.abs(x - cx) / w;
      pts.push([x, hy - m * rng.range(0.02, top) * (0.4 + near * 1.6)]);
      if (i < peaks) pts.push([x + w / peaks / 2, hy - m * rng.range(0.01, 0.04)]);
    }
    pts.push([w, hy]);
    return poly(
      pts,
      col,
      ` stroke="${stroke}" stroke-width="${f(m * 0.004)}" stroke-linejoin="round"`,
    );
  };
  s += ridge(7, 0.16, mix(p.bg1, p.bg0, 0.4), mix(p.b, p.bg1, 0.4)) + ridge(9, 0.09, p.bg0, p.b);
  s += `<rect y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="${darken(p.bg0, 0.3)}"/>`;
  let grid = '';
  for (let k = 1; k <= 9; k++) {
    const y = hy + (h - hy) * (k / 9) ** 2;
    grid += `M0 ${f(y)}H${w}`;
  }
  const lines = Math.round((w / m) * 16);
  for (let i = -lines; i <= lines; i++) {
    grid += `M${f(cx + i * (w / lines) * 0.12)} ${f(hy)}L${f(cx + i * (w / lines) * 1.4)} ${h}`;
  }
  return `${s}<path d="${grid}" stroke="url(#n)" stroke-width="${f(m * 0.004)}"/><path d="M0 ${f(hy)}H${w}" stroke="${p.b}" stroke-width="${f(m * 0.006)}"/>`;
}

/** Memphis-style confetti around a grinning starburst sticker (Memes). */
export function memphis(rng, p, w, h) {
  const m = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  const ink = p.ink;
  const cols = [p.a, p.b, p.c, ink];
  let s = `<defs><pattern id="d" width="${f(m * 0.035)}" height="${f(m * 0.035)}" patternUnits="userSpaceOnUse"><circle cx="${f(m * 0.0175)}" cy="${f(m * 0.0175)}" r="${f(m * 0.005)}" fill="${ink}" opacity=".18"/></pattern></defs>${rect(w, h, p.bg0)}${rect(w, h, 'url(#d)')}`;
  const cell = Math.sqrt((w * h) / 26);
  const gx = Math.max(3, Math.round(w / cell));
  const gy = Math.max(3, Math.round(h / cell));
  const sw = f(m * 0.012);
  for (let i = 0; i < gx; i++) {
    for (let j = 0; j < gy; j++) {
      const x = ((i + 0.5 + rng.range(-0.25, 0.25)) / gx) * w;
      const y = ((j + 0.5 + rng.range(-0.25, 0.25)) / gy) * h;
      if (Math.hypot(x - cx, y - cy) < m * 0.36) continue;
      const c = rng.pick(cols);
      const z = m * rng.range(0.03, 0.05);
      const rot = f(rng.range(0, 360));
      const t = rng.int(0, 5);
      const g = (body) => `<g transform="translate(${f(x)} ${f(y)}) rotate(${rot})">${body}</g>`;
      if (t === 0) s += g(`<circle r="${f(z)}" fill="${c}"/>`);
      else if (t === 1)
        s += g(`<circle r="${f(z)}" fill="none" stroke="${c}" stroke-width="${sw}"/>`);
      else if (t === 2)
        s += g(
          poly(
            [
              [0, -z],
              [z, z * 0.8],
              [-z, z * 0.8],
            ],
            c,
          ),
        );
      else if (t === 3)
        s += g(
          `<path d="M${f(-z * 1.5)} 0l${f(z / 2)} ${f(-z / 2)}l${f(z / 2)} ${f(z)}l${f(z / 2)} ${f(-z)}l${f(z / 2)} ${f(z)}l${f(z / 2)} ${f(-z / 2)}" fill="none" stroke="${c}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round"/>`,
        );
      else if (t === 4)
        s += g(
          `<path d="M${f(-z)} 0H${f(z)}M0 ${f(-z)}V${f(z)}" stroke="${c}" stroke-width="${sw}" stroke-linecap="round"/>`,
        );
      else s += g(`<path d="M${f(-z)} 0A${f(z)} ${f(z)} 0 0 1 ${f(z)} 0Z" fill="${c}"/>`);
    }
  }
  const spikes = 14;
  const star = [];
  for (let i = 0; i < spikes * 2; i++) {
    const a = (i / (spikes * 2)) * Math.PI * 2;
    const rr = i % 2 ? m * 0.25 : m * 0.31;
    star.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  const lw = ` stroke="${ink}" stroke-width="${f(m * 0.014)}" stroke-linejoin="round"`;
  s += `<g transform="translate(${f(m * 0.02)} ${f(m * 0.02)})">${poly(star, ink)}</g>${poly(star, p.c, lw)}`;
  s += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(m * 0.2)}" fill="${p.a}"${lw}/>`;
  const e = m * 0.07;
  s += `<ellipse cx="${f(cx - e)}" cy="${f(cy - m * 0.04)}" rx="${f(m * 0.022)}" ry="${f(m * 0.036)}" fill="${ink}"/><ellipse cx="${f(cx + e)}" cy="${f(cy - m * 0.04)}" rx="${f(m * 0.022)}" ry="${f(m * 0.036)}" fill="${ink}"/>`;
  s += `<path d="M${f(cx - m * 0.1)} ${f(cy + m * 0.05)}Q${f(cx)} ${f(cy + m * 0.15)} ${f(cx + m * 0.1)} ${f(cy + m * 0.05)}" fill="none"${lw} stroke-linecap="round"/>`;
  return s;
}

/** Concentric arcs of colour around a glowing core (Art). */
export function rings(rng, p, w, h) {
  const m = Math.min(w, h);
  const cols = [p.a, p.b, p.c, p.ink];
  let s = `<defs>${radial('g', [p.bg1, p.bg0], '50%', '50%', '70%')}${radial('c', [lighten(p.c, 0.5), p.a], '40%', '40%', '60%')}${blur('f', m * 0.08)}</defs>${rect(w, h, 'url(#g)')}`;
  s += stars(rng, w, h, 30, p.ink, m * 0.005, 0.45);
  s += `<circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(m * 0.2)}" fill="${p.b}" opacity=".5" filter="url(#f)"/>`;
  s += `<g transform="translate(${f(w / 2)} ${f(h / 2)})" fill="none" stroke-linecap="round">`;
  for (let k = 0; k < 11; k++) {
    const r = m * (0.09 + k * 0.033);
    const circ = 2 * Math.PI * r;
    s += `<circle r="${f(r)}" stroke="${p.ink}" stroke-opacity=".08"/>`;
    const arcs = rng.int(1, 2);
    for (let a = 0; a < arcs; a++) {
      const dash = circ * rng.range(0.12, 0.45);
      s += `<circle r="${f(r)}" stroke="${rng.pick(cols)}" stroke-width="${f(m * rng.range(0.008, 0.022))}" stroke-dasharray="${f(dash)} ${f(circ - dash)}" stroke-dashoffset="${f(rng.range(0, circ))}" opacity="${f(rng.range(0.7, 1))}"/>`;
    }
  }
  return `${s}</g><circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(m * 0.055)}" fill="url(#c)"/>`;
}

/** An isometric block city on a floating platform (Games). */
export function isocubes(rng, p, w, h) {
  const m = Math.min(w, h);
  const n = 4;
  const tw = m * 0.085;
  const th = tw * 0.5;
  const maxH = th * 6.4;
  const ox = w / 2;
  const oy = h / 2 - n * th + maxH * 0.45;
  let s = `<defs>${linear('g', [p.bg1, p.bg0], 0, 0, 0, 1)}${blur('f', m * 0.08)}</defs>${rect(w, h, 'url(#g)')}${stars(rng, w, h, 40, p.ink, m * 0.005, 0.5)}`;
  s += `<ellipse cx="${f(ox)}" cy="${f(oy + n * th)}" rx="${f(m * 0.36)}" ry="${f(m * 0.2)}" fill="${p.a}" opacity=".4" filter="url(#f)"/>`;
  const top = [ox, oy - th * 0.2];
  const base = [
    [top[0], top[1]],
    [ox + n * tw + tw * 0.2, oy + n * th],
    [ox, oy + 2 * n * th + th * 0.2],
    [ox - n * tw - tw * 0.2, oy + n * th],
  ];
  const depth = th * 1.6;
  s += poly(
    [base[3], base[2], [base[2][0], base[2][1] + depth], [base[3][0], base[3][1] + depth]],
    darken(p.bg1, 0.2),
  );
  s += poly(
    [base[2], base[1], [base[1][0], base[1][1] + depth], [base[2][0], base[2][1] + depth]],
    darken(p.bg1, 0.45),
  );
  s += poly(base, lighten(p.bg1, 0.12));
  const order = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) order.push([i, j]);
  order.sort((u, v) => u[0] + u[1] - (v[0] + v[1]));
  s += `<g stroke="${darken(p.bg0, 0.3)}" stroke-opacity=".35" stroke-linejoin="round">`;
  for (const [i, j] of order) {
    if (rng.chance(0.15)) continue;
    const x = ox + (i - j) * tw;
    const y = oy + (i + j) * th;
    const hh = rng.int(1, 4) * th * 1.6;
    const col = rng.pick([p.a, p.b, p.c]);
    s += poly(
      [
        [x - tw, y - hh + th],
        [x, y - hh + 2 * th],
        [x, y + 2 * th],
        [x - tw, y + th],
      ],
      col,
    );
    s += poly(
      [
        [x, y - hh + 2 * th],
        [x + tw, y - hh + th],
        [x + tw, y + th],
        [x, y + 2 * th],
      ],
      darken(col, 0.35),
    );
    s += poly(
      [
        [x, y - hh],
        [x + tw, y - hh + th],
        [x, y - hh + 2 * th],
        [x - tw, y - hh + th],
      ],
      lighten(col, 0.3),
    );
  }
  let sp = '';
  for (let i = 0; i < 3; i++)
    sp += sparkle(rng.range(0.15, 0.85) * w, rng.range(0.1, 0.3) * h, m * 0.02);
  return `${s}</g><path d="${sp}" fill="${p.ink}" opacity=".8"/>`;
}
