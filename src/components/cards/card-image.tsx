// An artwork or avatar <img> in a fixed box (width/height given, so nothing shifts), lazy and
// async-decoded by default. Images created on the device (`idb:<key>`) are resolved through the
// data access; every other URL is used as is.
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { resolveImage } from '@/data/data-access';
import { IDB_IMAGE_PREFIX } from '@/data/records';

export interface CardImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string;
  width: number;
  height: number;
  alt: string;
  /** Load eagerly with high priority (the largest image above the fold). */
  priority?: boolean;
}

/** The URL to show for `src`: `idb:` references resolve after mount (blank until then). */
export function useImageUrl(src: string): string | undefined {
  const isDevice = src.startsWith(IDB_IMAGE_PREFIX);
  const [resolved, setResolved] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!isDevice) return;
    let live = true;
    void resolveImage(src).then((url) => {
      if (live) setResolved({ src, url });
    });
    return () => {
      live = false;
    };
  }, [src, isDevice]);
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
