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

vi.mock('@/data/data-access', () => ({
  resolveImage: (src: string) => Promise.resolve(`blob:resolved/${src.slice(4)}`),
}));

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

describe('openLightbox (spec "Shared blocks", Image lightbox)', () => {
  it('loads PhotoSwipe only when first opened, then shows the slides from the opener', async () => {
    const { openLightbox } = await import('../lightbox');
    expect(loaded).not.toHaveBeenCalled();
    const opener = document.createElement('button');
    await openLightbox(slides, 1, opener, { label: 'Violet Bloom: images' });
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ index: 1, opener, label: 'Violet Bloom: images' });
    expect(shown[0]?.slides.map((s) => s.src)).toEqual(['/a.svg', 'blob:resolved/key-1']);
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
