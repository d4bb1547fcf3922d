import { useOnline } from '@/lib/use-online';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { PlayIcon, GlobeIcon } from '@/components/ui/content-icons';
import styles from './lazy-embed.module.css';
import { classNames } from '@/lib/class-names';

export type EmbedKind = 'video' | 'map';

export interface LazyEmbedProps {
  /** The third-party address to frame (a video player or a map). */
  src: string;
  /** What the embed shows; names the frame and the button ("Play: <title>"). */
  title: string;
  /** A local image shown until the embed loads, and offline instead of it. */
  poster: string;
  /** Alt text of the poster; empty by default (the button names the embed). */
  posterAlt?: string;
  kind?: EmbedKind;
  /** Also load when scrolled into view, not only when opened (for maps below the fold). */
  loadOnVisible?: boolean;
  /** CSS aspect ratio of the frame; 16 / 9 by default. */
  aspectRatio?: string;
  className?: string;
}

const LABELS: Record<EmbedKind, { action: string; offline: string }> = {
  video: { action: 'Play', offline: 'Video available when you are online' },
  map: { action: 'Show map', offline: 'Map available when you are online' },
};

const ALLOW: Record<EmbedKind, string> = {
  video: 'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen',
  map: 'fullscreen',
};

/**
 * A third-party embed (video, map) that costs nothing on first load: a local poster and a
 * "Play" / "Show map" button; the frame loads only when opened, or when scrolled into view
 * with `loadOnVisible`. Offline it keeps the poster and says the embed needs a network.
 */
export function LazyEmbed({
  src,
  title,
  poster,
  posterAlt = '',
  kind = 'video',
  loadOnVisible = false,
  aspectRatio = '16 / 9',
  className,
}: LazyEmbedProps) {
  const online = useOnline();
  const [opened, setOpened] = useState<'click' | 'visible' | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!loadOnVisible || opened || !online || !box) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setOpened('visible');
      },
      { rootMargin: '200px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [loadOnVisible, opened, online]);

  // The button that had focus is gone once the frame is in: focus the frame instead.
  useEffect(() => {
    if (opened === 'click') frameRef.current?.focus();
  }, [opened]);

  const labels = LABELS[kind];
  const Icon = kind === 'video' ? PlayIcon : GlobeIcon;
  const style: CSSProperties = { aspectRatio };
  return (
    <div ref={boxRef} className={classNames(styles.embed, className)} style={style}>
      {opened ? (
        <iframe
          ref={frameRef}
          className={styles.frame}
          src={src}
          title={title}
          allow={ALLOW[kind]}
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <>
          <img className={styles.poster} src={poster} alt={posterAlt} decoding="async" />
          <div className={styles.overlay}>
            {online ? (
              <button
                type="button"
                className={styles.open}
                aria-label={`${labels.action}: ${title}`}
                onClick={() => setOpened('click')}
              >
                <Icon />
                {labels.action}
              </button>
            ) : (
              <p className={styles.offline}>{labels.offline}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
