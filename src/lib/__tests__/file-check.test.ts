// @vitest-environment node
// docs/product.md "Validation" ("Supports JPG, PNG and MP4 videos. Max file size : 10MB.") and
// docs/product.md (size and MP4 enforced, checked on type and content).
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@/config/constants';
import { checkFile, checkFileFacts, extensionOf, sniffKind } from '../file-check';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const GIF = ascii('GIF89a\x01\x00\x01\x00');
const WEBP = [...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')];
const ftyp = (brand: string) => [0, 0, 0, 0x20, ...ascii('ftyp'), ...ascii(brand), 0, 0, 2, 0];

function file(bytes: number[], name: string, type: string, size?: number): File {
  const body = new Uint8Array(size ?? bytes.length);
  body.set(bytes.slice(0, body.length));
  return new File([body], name, { type });
}

describe('sniffKind (magic bytes)', () => {
  it.each([
    ['png', PNG],
    ['jpeg', JPEG],
    ['gif', GIF],
    ['webp', WEBP],
    ['mp4', ftyp('isom')],
    ['mp4', ftyp('mp42')],
    ['avif', ftyp('avif')],
  ])('recognises %s', (kind, bytes) => {
    expect(sniffKind(new Uint8Array(bytes))).toBe(kind);
  });

  it('reads the compatible brands, as the server does: AVIF and MP4 under another major brand', () => {
    const box = (major: string, ...compatible: string[]) => {
      const size = 16 + 4 * compatible.length;
      return [
        0,
        0,
        0,
        size,
        ...ascii('ftyp'),
        ...ascii(major),
        0,
        0,
        0,
        0,
        ...ascii(compatible.join('')),
      ];
    };
    expect(sniffKind(new Uint8Array(box('mif1', 'mif1', 'avif', 'miaf')))).toBe('avif');
    expect(sniffKind(new Uint8Array(box('XAVC', 'XAVC', 'mp42', 'iso2')))).toBe('mp4');
    expect(sniffKind(new Uint8Array(box('qt  ', 'qt  ')))).toBeNull();
  });

  it('recognises nothing in text, SVG, QuickTime or empty input', () => {
    expect(sniffKind(new Uint8Array(ascii('<svg xmlns="http://www.w3.org/2000/svg">')))).toBeNull();
    expect(sniffKind(new Uint8Array(ascii('hello world, not an image')))).toBeNull();
    expect(sniffKind(new Uint8Array(ftyp('qt  ')))).toBeNull();
    expect(sniffKind(new Uint8Array())).toBeNull();
  });
});

describe('extensionOf', () => {
  it('reads the last extension in lower case', () => {
    expect(extensionOf('My.Art.PNG')).toBe('png');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
});

describe('checkFile', () => {
  it('accepts a PNG, a JPEG and a GIF image, typed from their content', async () => {
    await expect(checkFile(file(PNG, 'a.png', 'image/png'))).resolves.toEqual({
      ok: true,
      kind: 'png',
      mime: 'image/png',
    });
    await expect(checkFile(file(JPEG, 'b.jpg', 'image/jpeg'))).resolves.toMatchObject({ ok: true });
    await expect(checkFile(file(GIF, 'c.gif', ''))).resolves.toMatchObject({ mime: 'image/gif' });
  });

  it('accepts an MP4 only where video is allowed', async () => {
    const mp4 = file(ftyp('isom'), 'clip.mp4', 'video/mp4');
    await expect(checkFile(mp4, { allowVideo: true })).resolves.toMatchObject({
      ok: true,
      mime: 'video/mp4',
    });
    const refused = await checkFile(mp4);
    expect(refused.ok).toBe(false);
  });

  it('accepts exactly 10 MB and refuses 12 MB with the limit in the message', async () => {
    await expect(
      checkFile(file(PNG, 'max.png', 'image/png', UPLOAD_MAX_BYTES)),
    ).resolves.toMatchObject({ ok: true });
    const big = await checkFile(file(PNG, 'big.png', 'image/png', 12 * 1024 * 1024));
    expect(big).toEqual({ ok: false, message: expect.stringMatching(/12\.0 MB.*10MB/) });
  });

  it('refuses an empty file', async () => {
    await expect(checkFile(new File([], 'empty.png', { type: 'image/png' }))).resolves.toEqual({
      ok: false,
      message: expect.stringMatching(/empty/),
    });
  });

  it('refuses a text file renamed to .png (content is checked, not just the name)', async () => {
    const fake = file(ascii('just some text pretending'), 'fake.png', 'image/png');
    const result = await checkFile(fake);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/content/) });
  });

  it('refuses a non-image by extension or declared type', async () => {
    const pdf = await checkFile(file(ascii('%PDF-1.7 xxxxxxxx'), 'doc.pdf', 'application/pdf'));
    expect(pdf).toEqual({ ok: false, message: expect.stringMatching(/\.pdf files are not/) });
    const svg = await checkFile(file(ascii('<svg></svg>......'), 'x', 'image/svg+xml'));
    expect(svg.ok).toBe(false);
  });

  it('refuses a file whose name says one format and whose content is another', async () => {
    const result = await checkFile(file(JPEG, 'photo.png', 'image/png'));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/PNG.*JPEG/) });
  });
});

describe('checkFileFacts', () => {
  it('checks size before reading anything', () => {
    const result = checkFileFacts({
      name: 'x.png',
      type: 'image/png',
      size: UPLOAD_MAX_BYTES + 1,
      head: new Uint8Array(),
    });
    expect(result.ok).toBe(false);
  });
});
