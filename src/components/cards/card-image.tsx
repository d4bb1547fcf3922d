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
