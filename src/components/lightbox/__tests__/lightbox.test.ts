import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShowOptions } from '../photoswipe-lightbox';

// PhotoSwipe itself needs a real layout engine (the e2e spec drives it); here the wrapper's
// contract is checked: PhotoSwipe is loaded on the first open only, slides and the opener are
// passed through, device images are resolved, and a second open while one is open is ignored.
const loaded = vi.fn();
const shown: ShowOptions[] = [];

vi.mock('../photoswipe-lightbox', () => {
  loaded();
  return {
    showLightbox: (options: ShowOptions) => {
      shown.push(options);
    },
  };
});

/** What useImageResolver() hands the lightbox: here device keys map to fixed URLs. */
const resolveImage = (src: string) =>
  Promise.resolve(src.startsWith('idb:') ? `blob:resolved/${src.slice(4)}` : src);

const slides = [
  { src: '/a.svg', width: 600, height: 600, alt: 'A' },
  { src: 'idb:key-1', width: 800, height: 600, alt: 'B' },
];

beforeEach(() => {
  shown.length = 0;
});

afterEach(() => {
  for (const options of shown) options.onClose?.();
});

describe('openLightbox (docs/product.md "Shared blocks", "Lightbox")', () => {
  it('loads PhotoSwipe only when first opened, then shows the slides from the opener', async () => {
    const { openLightbox } = await import('../lightbox');
    expect(loaded).not.toHaveBeenCalled();
    const opener = document.createElement('button');
    await openLightbox(slides, 1, opener, { label: 'Violet Bloom: images', resolveImage });
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ index: 1, opener, label: 'Violet Bloom: images' });
    expect(shown[0]?.slides.map((s) => s.src)).toEqual(['/a.svg', 'blob:resolved/key-1']);
  });

  it('shows a device image as missing when the opener gives no resolver', async () => {
    const { openLightbox } = await import('../lightbox');
    const { MISSING_IMAGE_SRC } = await import('@/data/image-ref');
    await openLightbox(slides, 0, null);
    expect(shown[0]?.slides.map((s) => s.src)).toEqual(['/a.svg', MISSING_IMAGE_SRC]);
  });

  it('ignores a second open while one is open, and opens again after closing', async () => {
    const { openLightbox, isLightboxOpen } = await import('../lightbox');
    await openLightbox(slides, 0, null);
    expect(isLightboxOpen()).toBe(true);
    await openLightbox(slides, 1, null);
    expect(shown).toHaveLength(1);
    shown[0]?.onClose?.();
    expect(isLightboxOpen()).toBe(false);
    await openLightbox(slides, 1, null);
    expect(shown).toHaveLength(2);
  });

  it('does nothing without slides', async () => {
    const { openLightbox } = await import('../lightbox');
    await openLightbox([], 0, null);
    expect(shown).toHaveLength(0);
  });
});
