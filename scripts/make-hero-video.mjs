// Makes the home hero's background loop and its poster images, in the repo, with no
// third-party footage: a generative canvas animation (soft colour fields drifting on closed
// paths, so the clip loops seamlessly) recorded by Chromium's MediaRecorder as WebM/VP9.
//
// Output (commit these; the build does not run this script and does not need Chromium):
//   public/media/hero-loop.webm                      ~6 s loop, 960x540, VP9, well under 400 KB
//   src/features/home/assets/hero-poster-960.webp    first frame, 960x540: the hero's LCP image on
//                                                    phones, inlined into the home chunk (~4 KB:
//                                                    quality 0.6, as smooth as 0.82 on these soft
//                                                    fields; the bytes are first-visit JS).
//                                                    As large as the video's frames, so the
//                                                    video never becomes a later, larger paint.
//   src/features/home/assets/hero-poster-1280.webp   first frame, 1280x720 (wide screens)
//
// Regenerate: node scripts/make-hero-video.mjs
// Needs playwright-core (a dev dependency) and Chromium at /usr/bin/chromium (or set
// CHROMIUM_PATH). Recording runs in real time, so it takes about 10 seconds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'public', 'media');
const POSTERS = join(ROOT, 'src', 'features', 'home', 'assets');
const PERIOD_MS = 6000;
const BITS_PER_SECOND = 320_000;

/** Runs in the page: draws frame `t` (ms) of the loop on a 2D context of size w x h. */
function drawSource() {
  return `
  function draw(ctx, w, h, t) {
    const T = ${PERIOD_MS};
    const a = (t % T) / T * Math.PI * 2;
    const bg = ctx.createLinearGradient(0, 0, w, h);
    bg.addColorStop(0, '#0b1120');
    bg.addColorStop(1, '#161c2d');
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, w, h);
    const blobs = [
      { c: '124,58,237', r: 0.55, x: 0.25, y: 0.35, ax: 0.12, ay: 0.1, k: 1, p: 0 },
      { c: '37,99,235', r: 0.45, x: 0.75, y: 0.3, ax: 0.1, ay: 0.14, k: 1, p: 2 },
      { c: '219,39,119', r: 0.4, x: 0.6, y: 0.8, ax: 0.15, ay: 0.08, k: 2, p: 4 },
      { c: '14,165,233', r: 0.35, x: 0.15, y: 0.85, ax: 0.08, ay: 0.12, k: 1, p: 1 },
      { c: '168,85,247', r: 0.3, x: 0.9, y: 0.7, ax: 0.06, ay: 0.1, k: 2, p: 3 },
    ];
    ctx.globalCompositeOperation = 'lighter';
    for (const b of blobs) {
      const cx = (b.x + b.ax * Math.cos(a * b.k + b.p)) * w;
      const cy = (b.y + b.ay * Math.sin(a * b.k + b.p)) * h;
      const r = b.r * Math.max(w, h) * (0.9 + 0.1 * Math.sin(a + b.p));
      const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
      g.addColorStop(0, 'rgba(' + b.c + ',0.55)');
      g.addColorStop(0.5, 'rgba(' + b.c + ',0.18)');
      g.addColorStop(1, 'rgba(' + b.c + ',0)');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
    }
    ctx.globalCompositeOperation = 'source-over';
    // A slow ring of small tiles, like cards on a shelf.
    for (let i = 0; i < 12; i++) {
      const ang = a + (i / 12) * Math.PI * 2;
      const x = w * 0.5 + Math.cos(ang) * w * 0.36;
      const y = h * 0.5 + Math.sin(ang) * h * 0.3;
      const s = h * (0.05 + 0.015 * Math.sin(ang * 2));
      ctx.fillStyle = 'rgba(241,245,249,' + (0.06 + 0.04 * Math.cos(ang)) + ')';
      ctx.beginPath();
      ctx.roundRect(x - s / 2, y - s / 2, s, s, s * 0.2);
      ctx.fill();
    }
  }`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const page = await browser.newPage();
  await page.setContent('<canvas id="c" width="960" height="540"></canvas>');
  const result = await page.evaluate(
    async ({ source, period, bits }) => {
      const draw = new Function(`${source}; return draw;`)();
      const poster = (w, h, quality) => {
        const c = document.createElement('canvas');
        c.width = w;
        c.height = h;
        draw(c.getContext('2d'), w, h, 0);
        return c.toDataURL('image/webp', quality);
      };
      const canvas = document.getElementById('c');
      const ctx = canvas.getContext('2d');
      draw(ctx, canvas.width, canvas.height, 0);
      const stream = canvas.captureStream(30);
      const recorder = new MediaRecorder(stream, {
        mimeType: 'video/webm;codecs=vp9',
        videoBitsPerSecond: bits,
      });
      const chunks = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const done = new Promise((resolve) => (recorder.onstop = resolve));
      const start = performance.now();
      let raf = 0;
      const frame = () => {
        draw(ctx, canvas.width, canvas.height, performance.now() - start);
        raf = requestAnimationFrame(frame);
      };
      recorder.start();
      frame();
      await new Promise((r) => setTimeout(r, period));
      cancelAnimationFrame(raf);
      recorder.stop();
      await done;
      const blob = new Blob(chunks, { type: 'video/webm' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return { video: btoa(binary), large: poster(1280, 720, 0.82), small: poster(960, 540, 0.6) };
    },
    { source: drawSource(), period: PERIOD_MS, bits: BITS_PER_SECOND },
  );
  mkdirSync(OUT, { recursive: true });
  mkdirSync(POSTERS, { recursive: true });
  const fromDataUrl = (url) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const files = [
    [join(OUT, 'hero-loop.webm'), Buffer.from(result.video, 'base64')],
    [join(POSTERS, 'hero-poster-1280.webp'), fromDataUrl(result.large)],
    [join(POSTERS, 'hero-poster-960.webp'), fromDataUrl(result.small)],
  ];
  for (const [file, data] of files) {
    writeFileSync(file, data);
    console.log(`${file}: ${(data.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
