// An artwork or avatar <img> in a fixed box (width/height given, so nothing shifts), lazy and
// async-decoded by default. Images created on the device (`idb:<key>`) are resolved through the
// device source the app provides (DeviceSourceContext); every other URL is used as is.
import { useCallback, useContext, useEffect, useState, type ImgHTMLAttributes } from 'react';
import { imageUrlOf, isDeviceImage, MISSING_IMAGE_SRC } from '@/data/image-ref';
import { DeviceSourceContext } from './device-source';

export interface CardImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Load eagerly with high priority (the largest image above the fold). */
  priority?: boolean;
}

/**
 * Turns an image reference into a URL to show, through the app's device source: what the
 * lightbox's `resolveImage` option takes. With no source above (no device store), a device image
 * shows as the missing-image placeholder.
 */
export function useImageResolver(): (src: string) => Promise<string> {
  const source = useContext(DeviceSourceContext);
  return useCallback(
    (src: string) =>
      imageUrlOf(src, async (key) => (source ? (await source()).getImageUrl(key) : null)),
    [source],
  );
}

/** The URL to show for `src`: `idb:` references resolve after mount (blank until then). */
export function useImageUrl(src: string): string | undefined {
  const isDevice = isDeviceImage(src);
  const resolve = useImageResolver();
  const [resolved, setResolved] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!isDevice) return;
    let live = true;
    const show = (url: string) => {
      if (live) setResolved({ src, url });
    };
    resolve(src).then(show, (error: unknown) => {
      console.warn(`Could not read the device image ${src}`, error);
      show(MISSING_IMAGE_SRC);
    });
    return () => {
      live = false;
    };
  }, [src, isDevice, resolve]);
  if (!isDevice) return src;
  return resolved?.src === src ? resolved.url : undefined;
}

export function CardImage({ src, priority = false, alt, ...rest }: CardImageProps) {
  const url = useImageUrl(src);
  if (url === undefined) {
    // A device image still being read: the same box, never an <img> without a source (which
    // the browser would show as a broken image).
    const { className, width, height } = rest;
    return (
      <span
        className={className}
        style={{ display: 'block', aspectRatio: `${width} / ${height}` }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        aria-busy="true"
      />
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...rest}
    />
  );
}
