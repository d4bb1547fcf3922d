// The image lightbox (docs/product.md "Shared blocks", Image lightbox; docs/product.md "Fixed
// values" for its constants): the ONE PhotoSwipe wrapper of the app.
//
// Usage, from any click handler:
//
//   import { openLightbox } from '@/components/lightbox/lightbox';
//   const resolveImage = useImageResolver(); // '@/components/cards/card-image'
//   <button onClick={(e) => openLightbox(slides, 1, e.currentTarget, { resolveImage })}>...</button>
//
// - `slides`: `{ src, width, height, alt }[]` (give the intrinsic size: PhotoSwipe lays the
//   slide out before the image loads; `idb:` device images are resolved through the
//   `resolveImage` option, which reads the device source the app provides).
// - `index`: the slide to start on; `opener`: the element focus returns to after closing.
// PhotoSwipe and its stylesheet are fetched with import() on the first open only. Escape
// closes, arrow keys navigate, a drag sideways changes slide and a pull closes (30 px), slides
// show loading and error states, and animations are off under prefers-reduced-motion.
import { imageUrlOf, isDeviceImage } from '@/data/image-ref';
import type { LightboxSlide } from './lightbox-options';

export type { LightboxSlide } from './lightbox-options';

export interface OpenLightboxOptions {
  /** Accessible name of the viewer; "Image viewer" by default. */
  label?: string;
  /** Called after the lightbox has closed (focus is already back on the opener). */
  onClose?: () => void;
  /** Turns a device image (`idb:`) into a URL: the opener's useImageResolver(). Without it such
   * a slide shows the missing-image placeholder. */
  resolveImage?: (src: string) => Promise<string>;
}

/** No device source: device images show as missing. */
const noDeviceImages = (src: string) => imageUrlOf(src, () => Promise.resolve(null));

let opening = false;
let isOpen = false;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** The image's own size once decoded (uploads have any shape), else the size given. */
async function measured(slide: LightboxSlide): Promise<LightboxSlide> {
  const image = new Image();
  image.src = slide.src;
  try {
    await image.decode();
  } catch {
    return slide; // Not decodable: PhotoSwipe shows its error state for it.
  }
  const { naturalWidth: width, naturalHeight: height } = image;
  return width > 0 && height > 0 ? { ...slide, width, height } : slide;
}

/** Device images (`idb:`) get an object URL and their real size. */
async function resolveSlides(
  slides: LightboxSlide[],
  resolveImage: (src: string) => Promise<string>,
): Promise<LightboxSlide[]> {
  return Promise.all(
    slides.map(async (slide) =>
      isDeviceImage(slide.src) ? measured({ ...slide, src: await resolveImage(slide.src) }) : slide,
    ),
  );
}

/** True while the lightbox is open (or opening). */
export function isLightboxOpen(): boolean {
  return opening || isOpen;
}

/**
 * Opens the lightbox on `slides` at `index`. Resolves once it is open; a second call while one
 * is opening or open is ignored. Rejects only when PhotoSwipe itself cannot be loaded (for
 * example an old cached page after an update); the caller may then show a message.
 */
export async function openLightbox(
  slides: LightboxSlide[],
  index: number,
  opener: HTMLElement | null,
  options: OpenLightboxOptions = {},
): Promise<void> {
  if (slides.length === 0 || opening || isOpen) return;
  opening = true;
  try {
    const [{ showLightbox }, resolved] = await Promise.all([
      import('./photoswipe-lightbox'),
      resolveSlides(slides, options.resolveImage ?? noDeviceImages),
    ]);
    showLightbox({
      slides: resolved,
      index,
      opener,
      label: options.label ?? 'Image viewer',
      reducedMotion: prefersReducedMotion(),
      onClose: () => {
        isOpen = false;
        options.onClose?.();
      },
    });
    isOpen = true;
  } finally {
    opening = false;
  }
}
