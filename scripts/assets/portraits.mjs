// Flat, friendly portrait avatars (creators, team, the sample user), drawn in a 160 x 160 box.
import { createRng, darken, f, lighten, linear, palette } from './util.mjs';

const SKIN = ['#f6d3b8', '#eab894', '#d09a72', '#b07850', '#8a5a3b', '#5e3a26'];
const HAIR = [
  '#1c1208',
  '#3b2314',
  '#6b3e1f',
  '#a16207',
  '#e5c07b',
  '#d4d4d8',
  '#7c3aed',
  '#db2777',
  '#0891b2',
];

function hairShape(kind, col, c2) {
  switch (kind) {
    case 0: // short crop
      return {
        front: `<path d="M52 70C48 40 66 34 82 34C102 35 113 48 108 70C102 56 90 49 80 51C69 53 58 58 52 70Z" fill="${col}"/>`,
      };
    case 1: // long
      return {
        back: `<path d="M46 74C42 36 118 34 114 74L118 122C100 128 60 128 42 122Z" fill="${col}"/>`,
        front: `<path d="M51 72C49 42 68 36 82 36C100 36 112 46 109 72C100 60 94 50 86 48C78 56 64 62 51 72Z" fill="${col}"/>`,
      };
    case 2: // top bun
      return {
        front: `<circle cx="80" cy="30" r="13" fill="${col}"/><path d="M52 70C48 42 64 38 80 38C98 38 112 46 108 70C100 58 90 52 80 52C70 52 58 58 52 70Z" fill="${col}"/>`,
      };
    case 3: {
      // curls
      let c = '';
      for (let i = 0; i < 9; i++) {
        const a = Math.PI * (1.05 + (i / 8) * 0.9);
        c += `<circle cx="${f(80 + Math.cos(a) * 30)}" cy="${f(66 + Math.sin(a) * 32)}" r="14"/>`;
      }
      return { back: `<g fill="${col}">${c}<circle cx="80" cy="44" r="20"/></g>` };
    }
    case 4: // beanie
      return {
        front: `<path d="M50 66C50 34 110 34 110 66Z" fill="${c2}"/><rect x="48" y="60" width="64" height="11" rx="5.5" fill="${darken(c2, 0.25)}"/><circle cx="80" cy="33" r="6" fill="${lighten(c2, 0.4)}"/>`,
      };
    default: // side swoop
      return {
        front: `<path d="M50 74C44 38 76 28 98 38C108 44 112 56 110 70C104 58 96 52 88 50C76 60 62 64 50 74Z" fill="${col}"/>`,
      };
  }
}

/** A portrait avatar. `seed` picks everything; `palIndex` the background palette. */
export function portrait(seed, size, palIndex) {
  const rng = createRng(seed);
  const p = palette(palIndex ?? rng.int(0, 7), rng.int(0, 2));
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const shirt = rng.pick([p.a, p.b, p.c]);
  const kind = rng.int(0, 5);
  const { back = '', front = '' } = hairShape(kind, hair, rng.pick([p.a, p.b, p.c]));
  const dark = darken(skin, 0.15);
  let s = `<defs>${linear('g', [p.bg1, p.bg0], 0, 0, 0.6, 1)}${linear('t', [lighten(shirt, 0.15), darken(shirt, 0.2)], 0, 0, 0, 1)}</defs>`;
  s += `<rect width="160" height="160" fill="url(#g)"/><circle cx="80" cy="74" r="58" fill="none" stroke="${p.ink}" stroke-opacity=".12" stroke-width="10"/>`;
  s += `<circle cx="${f(rng.range(20, 140))}" cy="${f(rng.range(18, 40))}" r="${f(rng.range(6, 12))}" fill="${p.c}" opacity=".6"/>`;
  s += back;
  s += `<path d="M22 162C22 126 48 112 80 112C112 112 138 126 138 162Z" fill="url(#t)"/>`;
  s += `<rect x="70" y="90" width="20" height="28" rx="9" fill="${dark}"/><path d="M68 113L80 126L92 113" fill="none" stroke="${darken(shirt, 0.3)}" stroke-width="3" stroke-linejoin="round"/>`;
  s += `<circle cx="53" cy="76" r="6.5" fill="${dark}"/><circle cx="107" cy="76" r="6.5" fill="${dark}"/>`;
  s += `<ellipse cx="80" cy="72" rx="27" ry="31" fill="${skin}"/>`;
  s += front;
  const ey = 74 + rng.range(-1, 1);
  s += `<path d="M66 ${f(ey - 8)}h8M86 ${f(ey - 8)}h8" stroke="${darken(hair, 0.2)}" stroke-width="2.6" stroke-linecap="round"/>`;
  if (rng.chance(0.25)) {
    s += `<path d="M65 ${f(ey)}q5 3 10 0M85 ${f(ey)}q5 3 10 0" fill="none" stroke="#1f2937" stroke-width="2.4" stroke-linecap="round"/>`;
  } else {
    s += `<ellipse cx="70" cy="${f(ey)}" rx="2.8" ry="3.3" fill="#1f2937"/><ellipse cx="90" cy="${f(ey)}" rx="2.8" ry="3.3" fill="#1f2937"/>`;
  }
  s += `<path d="M80 ${f(ey + 4)}q-3 6 1 7" fill="none" stroke="${darken(skin, 0.25)}" stroke-width="2" stroke-linecap="round"/>`;
  s += `<path d="M71 ${f(ey + 15)}q9 ${f(rng.range(5, 8))} 18 0" fill="none" stroke="#9f1239" stroke-width="2.6" stroke-linecap="round"/>`;
  s += `<circle cx="63" cy="${f(ey + 9)}" r="5" fill="#fb7185" opacity=".25"/><circle cx="97" cy="${f(ey + 9)}" r="5" fill="#fb7185" opacity=".25"/>`;
  if (rng.chance(0.3)) {
    s += `<g fill="none" stroke="#111827" stroke-width="2.4"><circle cx="70" cy="${f(ey)}" r="8.5"/><circle cx="90" cy="${f(ey)}" r="8.5"/><path d="M78.5 ${f(ey)}h3"/></g>`;
  }
  if (rng.chance(0.3))
    s += `<circle cx="53" cy="86" r="3" fill="${p.c}"/><circle cx="107" cy="86" r="3" fill="${p.c}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="10 6 140 140">${s}</svg>`;
}
