// Larger one-off scenes: the hero poster, the offline map poster and the video poster.
import {
  blob,
  blur,
  createRng,
  f,
  lighten,
  linear,
  palette,
  radial,
  sparkle,
  stars,
  svgDoc,
} from './util.mjs';

/** Hero background: glowing nebula, orbit rings, a ringed planet and floating art cards. */
export function heroPoster() {
  const w = 1600;
  const h = 900;
  const rng = createRng(20260913);
  const p = palette(0);
  let s = `<defs>${linear('g', ['#0b1026', '#160b36', '#0f172a'], 0, 0, 1, 1)}${blur('f', 90)}${radial('p', ['#f0abfc', '#7c3aed', '#1e1b4b'], '35%', '30%', '75%')}${linear('r', ['#fdf4ff', '#ec4899', '#f59e0b'], 0, 0, 1, 0)}`;
  const cardFills = [
    ['#7c3aed', '#ec4899'],
    ['#06b6d4', '#6366f1'],
    ['#f59e0b', '#f43f5e'],
  ];
  cardFills.forEach(([a, b], i) => (s += linear(`c${i}`, [a, b])));
  s += `</defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
  s += `<path d="${blob(rng, 1150, 300, 320)}" fill="#7c3aed" opacity=".5" filter="url(#f)"/><path d="${blob(rng, 350, 700, 300)}" fill="#db2777" opacity=".3" filter="url(#f)"/><path d="${blob(rng, 1400, 760, 240)}" fill="#0891b2" opacity=".3" filter="url(#f)"/>`;
  s += stars(rng, w, h, 140, '#e0e7ff', 2.4, 0.6) + stars(rng, w, h, 24, '#fff', 4.5, 0.85);
  s += `<g fill="none" stroke="#c4b5fd" stroke-opacity=".18"><ellipse cx="1200" cy="380" rx="560" ry="200" transform="rotate(-14 1200 380)"/><ellipse cx="1200" cy="380" rx="420" ry="140" transform="rotate(-14 1200 380)" stroke-dasharray="3 10"/><ellipse cx="1200" cy="380" rx="700" ry="260" transform="rotate(-14 1200 380)" stroke-dasharray="1 14" stroke-linecap="round" stroke-width="2"/></g>`;
  const ring = (sweep) =>
    `<g transform="translate(1200 380) rotate(-14)" fill="none" stroke="url(#r)"><path d="M-300 0A300 66 0 0 ${sweep} 300 0" stroke-width="18" opacity=".85"/><path d="M-250 0A250 52 0 0 ${sweep} 250 0" stroke-width="6" opacity=".5"/></g>`;
  s += ring(1) + `<circle cx="1200" cy="380" r="160" fill="url(#p)"/>` + ring(0);
  const cards = [
    [930, 690, -9, 0],
    [1440, 690, 8, 1],
    [1470, 170, -6, 2],
  ];
  cards.forEach(([x, y, rot, i]) => {
    s += `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-95" y="-120" width="190" height="240" rx="18" fill="#fff" fill-opacity=".08" stroke="#fff" stroke-opacity=".22"/><rect x="-80" y="-105" width="160" height="160" rx="12" fill="url(#c${i})"/><circle cx="${f(rng.range(-30, 30))}" cy="${f(rng.range(-70, -10))}" r="${f(rng.range(22, 40))}" fill="#fff" opacity=".35"/><rect x="-80" y="70" width="100" height="10" rx="5" fill="#fff" opacity=".55"/><rect x="-80" y="90" width="60" height="8" rx="4" fill="#fff" opacity=".3"/><rect x="35" y="84" width="45" height="18" rx="9" fill="${p.c}"/></g>`;
  });
  let sp = '';
  for (let i = 0; i < 7; i++)
    sp += sparkle(rng.range(80, 1520), rng.range(60, 840), rng.range(8, 18));
  return svgDoc(w, h, `${s}<path d="${sp}" fill="#fdf4ff" opacity=".8"/>`);
}

/** A stylised dark street map with a river, parks and a location pin. */
export function mapPoster() {
  const w = 1200;
  const h = 450;
  const rng = createRng(4521);
  let s = `<defs>${radial(
    'v',
    [
      ['#0f172a', 0],
      ['#020617', 0.85],
    ],
    '50%',
    '50%',
    '75%',
  )}</defs><rect width="${w}" height="${h}" fill="#111a2e"/>`;
  let parks = '';
  for (let i = 0; i < 7; i++) {
    parks += `<rect x="${f(rng.range(0, w - 120))}" y="${f(rng.range(0, h - 80))}" width="${f(rng.range(60, 150))}" height="${f(rng.range(40, 100))}" rx="10"/>`;
  }
  s += `<g fill="#14532d" opacity=".55">${parks}</g>`;
  let minor = '';
  for (let x = -200; x < w + 200; x += rng.range(34, 60))
    minor += `M${f(x)} -20L${f(x + 120)} ${h + 20}`;
  for (let y = -100; y < h + 100; y += rng.range(30, 52))
    minor += `M-20 ${f(y)}L${w + 20} ${f(y - 90)}`;
  s += `<path d="${minor}" stroke="#1e293b" stroke-width="3"/>`;
  s += `<path d="M-20 ${f(h * 0.78)}C240 ${f(h * 0.6)} 420 ${f(h * 0.95)} 640 ${f(h * 0.7)}S1000 ${f(h * 0.4)} 1220 ${f(h * 0.55)}" fill="none" stroke="#1d3b63" stroke-width="34" stroke-linecap="round"/>`;
  s += `<path d="M-20 120C300 160 500 60 1220 200M300 -20C360 160 280 300 420 470M820 -20C780 140 900 300 860 470" fill="none" stroke="#334155" stroke-width="8"/>`;
  s += `<path d="M-20 120C300 160 500 60 1220 200" fill="none" stroke="#7c3aed" stroke-opacity=".55" stroke-width="3" stroke-dasharray="10 8"/>`;
  s += `<rect width="${w}" height="${h}" fill="url(#v)"/>`;
  s += `<g transform="translate(600 215)"><ellipse cy="52" rx="46" ry="12" fill="#7c3aed" opacity=".25"/><ellipse cy="52" rx="24" ry="6" fill="#7c3aed" opacity=".45"/><path d="M0 52C-8 36-34 12-34-14A34 34 0 0 1 34-14C34 12 8 36 0 52Z" fill="#7c3aed" stroke="#ede9fe" stroke-width="3"/><circle cy="-14" r="12" fill="#fff"/></g>`;
  return svgDoc(w, h, s);
}

/** The video poster: deep gradient, soft light beams and concentric halo behind the play button. */
export function videoPoster() {
  const w = 1280;
  const h = 720;
  const rng = createRng(1280720);
  const p = palette(4);
  let s = `<defs>${linear('g', [p.bg0, '#1e1b4b', '#3b0764'], 0, 0, 1, 1)}${blur('f', 80)}${radial(
    'c',
    [
      ['#fff', 0.22],
      ['#fff', 0],
    ],
    '50%',
    '50%',
    '50%',
  )}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
  s += `<path d="${blob(rng, 320, 260, 260)}" fill="${p.a}" opacity=".7" filter="url(#f)"/><path d="${blob(rng, 980, 480, 280)}" fill="${p.b}" opacity=".6" filter="url(#f)"/><path d="${blob(rng, 720, 120, 160)}" fill="${p.c}" opacity=".3" filter="url(#f)"/>`;
  s += stars(rng, w, h, 90, p.ink, 2.2, 0.55);
  let beams = '';
  for (let i = 0; i < 5; i++) {
    const x = 120 + i * 260 + rng.range(-40, 40);
    beams += `M${f(x)} 0L${f(x + 90)} 0L${f(x - 160)} ${h}L${f(x - 230)} ${h}Z`;
  }
  s += `<path d="${beams}" fill="#fff" opacity=".035"/><circle cx="640" cy="360" r="230" fill="url(#c)"/>`;
  s += `<g fill="none" stroke="${lighten(p.b, 0.3)}" stroke-opacity=".28">`;
  for (let k = 0; k < 5; k++)
    s += `<circle cx="640" cy="360" r="${90 + k * 38}" stroke-width="${f(3 - k * 0.5)}"${k % 2 ? ' stroke-dasharray="2 9"' : ''}/>`;
  s += '</g>';
  return svgDoc(w, h, s);
}
