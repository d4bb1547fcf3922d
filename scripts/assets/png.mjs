// A tiny PNG encoder (RGBA, 8 bits per channel) and the procedural app-icon rasteriser.
import { deflateSync } from 'node:zlib';
import { ICON_BOTTOM, ICON_TOP, MARK } from './marks.mjs';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Encodes RGBA pixels (row-major, 4 bytes per pixel) as a PNG. Each row gets the filter with the
 * smallest sum of absolute filtered bytes (the usual heuristic), then zlib deflate.
 */
export function encodePng(width, height, rgba) {
  if (rgba.length !== width * height * 4) throw new Error('Pixel data does not match the size');
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  const best = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let bestScore = Infinity;
    let bestType = 0;
    for (let type = 0; type < 5; type++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const x = rgba[row + i];
        const a = i >= 4 ? rgba[row + i - 4] : 0;
        const b = y > 0 ? rgba[row - stride + i] : 0;
        const c = i >= 4 && y > 0 ? rgba[row - stride + i - 4] : 0;
        const pred =
          type === 0
            ? 0
            : type === 1
              ? a
              : type === 2
                ? b
                : type === 3
                  ? (a + b) >> 1
                  : paeth(a, b, c);
        const v = (x - pred) & 0xff;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        bestType = type;
        candidate.copy(best);
      }
    }
    raw[y * (stride + 1)] = bestType;
    best.copy(raw, y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = deflateSync(raw, { level: 9, memLevel: 9 });
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

// The mark, flattened for the hot loop: segments as [x1, y1, dx, dy, 1 / length^2], polygon as xs/ys.
const SEGS = MARK.strokes.map(([x1, y1, x2, y2]) => {
  const dx = x2 - x1;
  const dy = y2 - y1;
  return [x1, y1, dx, dy, 1 / (dx * dx + dy * dy)];
});
const HW2 = MARK.halfWidth * MARK.halfWidth;
const PX = MARK.sparkle.map((p) => p[0]);
const PY = MARK.sparkle.map((p) => p[1]);
const allX = [...MARK.strokes.flatMap((s) => [s[0], s[2]]), ...PX];
const allY = [...MARK.strokes.flatMap((s) => [s[1], s[3]]), ...PY];
const BOX = [
  Math.min(...allX) - MARK.halfWidth,
  Math.min(...allY) - MARK.halfWidth,
  Math.max(...allX) + MARK.halfWidth,
  Math.max(...allY) + MARK.halfWidth,
];

function inMark(x, y) {
  if (x < BOX[0] || y < BOX[1] || x > BOX[2] || y > BOX[3]) return false;
  for (let i = 0; i < SEGS.length; i++) {
    const s = SEGS[i];
    let t = ((x - s[0]) * s[2] + (y - s[1]) * s[3]) * s[4];
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ex = x - s[0] - t * s[2];
    const ey = y - s[1] - t * s[3];
    if (ex * ex + ey * ey <= HW2) return true;
  }
  let inside = false;
  for (let i = 0, j = PX.length - 1; i < PX.length; j = i++) {
    if (PY[i] > y !== PY[j] > y && x < ((PX[j] - PX[i]) * (y - PY[i])) / (PY[j] - PY[i]) + PX[i]) {
      inside = !inside;
    }
  }
  return inside;
}

function inRoundedSquare(x, y, r) {
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * Rasterises the app icon: the violet gradient square (rounded, transparent outside, unless
 * `fullBleed`) with the white mark scaled by `markScale` about the centre. 4 x 4 supersampling.
 */
export function rasterIcon(size, { fullBleed = false, markScale = 1 } = {}) {
  const top = hex(ICON_TOP);
  const bottom = hex(ICON_BOTTOM);
  const SS = 4;
  const out = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          if (!fullBleed && !inRoundedSquare(x, y, 0.22)) continue;
          a++;
          if (inMark((x - 0.5) / markScale + 0.5, (y - 0.5) / markScale + 0.5)) {
            r += 255;
            g += 255;
            b += 255;
          } else {
            const t = Math.min(1, Math.max(0, x * 0.35 + y * 0.65));
            r += top[0] + (bottom[0] - top[0]) * t;
            g += top[1] + (bottom[1] - top[1]) * t;
            b += top[2] + (bottom[2] - top[2]) * t;
          }
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
        out[o + 3] = Math.round((a / (SS * SS)) * 255);
      }
    }
  }
  return out;
}
