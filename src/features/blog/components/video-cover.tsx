import { useRef, useState } from 'react';
import { LazyEmbed } from '@/components/embed/lazy-embed';
import { PlayIcon } from '@/components/ui/content-icons';
import { Modal } from '@/components/ui/modal';
import { miscImage } from '@shared/sample/image-paths';
import styles from './video-cover.module.css';
import { classNames } from '@/lib/class-names';

export interface VideoCoverProps {
  /** The cover picture the play button sits on. */
  image: { src: string; width: number; height: number; alt: string };
  /** The third-party video (see config/embeds.ts). */
  video: { src: string; title: string };
  /** Load the cover eagerly (above the fold). */
  eager?: boolean;
  className?: string;
}

/**
 * A cover image with a play button that opens the video modal (docs/product.md "Blog", "About us
 * and contact"; "States": video modals toggle). The player is a third-party frame that loads only
 * once the modal is open; offline the modal shows the poster and says the video is available when
 * you are online. The close button, Escape and the backdrop close it.
 */
export function VideoCover({ image, video, eager = false, className }: VideoCoverProps) {
  const [open, setOpen] = useState(false);
  const frameBoxRef = useRef<HTMLDivElement>(null);
  return (
    <div className={classNames(styles.cover, className)}>
      <img
        className={styles.image}
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
      <button
        type="button"
        className={styles.play}
        aria-haspopup="dialog"
        aria-label={`Play video: ${video.title}`}
        onClick={() => setOpen(true)}
      >
        <PlayIcon size="1.75rem" />
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={video.title}
        size="lg"
        initialFocusRef={frameBoxRef}
      >
        <div ref={frameBoxRef} tabIndex={-1} className={styles.frameBox}>
          <LazyEmbed
            src={video.src}
            title={video.title}
            poster={miscImage('video-poster')}
            kind="video"
            loadOnVisible
          />
        </div>
      </Modal>
    </div>
  );
}
