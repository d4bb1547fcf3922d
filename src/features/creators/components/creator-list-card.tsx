// One creator of the creators list (docs/product.md "Creators and profiles"): two artworks by the
// creator that open the image lightbox, above the shared creator card (avatar, verified badge, name
// linking to the profile, followers and a follow button that really follows).
import { CardImage, useImageResolver } from '@/components/cards/card-image';
import { CreatorCard } from '@/components/cards/creator-card';
import { openLightbox, type LightboxSlide } from '@/components/lightbox/lightbox';
import { showToast } from '@/components/ui/toast';
import type { Creator } from '@shared/types';
import { ITEM_IMAGE_SIZE } from '@shared/sample/image-paths';
import styles from './creator-list-card.module.css';

export function creatorSlides(creator: Creator): LightboxSlide[] {
  return creator.thumbnails.map((src, index) => ({
    src,
    width: ITEM_IMAGE_SIZE.width,
    height: ITEM_IMAGE_SIZE.height,
    alt: `Artwork ${index + 1} by ${creator.name}`,
  }));
}

export function CreatorListCard({ creator }: { creator: Creator }) {
  const slides = creatorSlides(creator);
  const resolveImage = useImageResolver();
  return (
    <li className={styles.cell}>
      <div className={styles.thumbs}>
        {slides.map((slide, index) => (
          <button
            key={`${index}-${slide.src}`}
            type="button"
            className={styles.thumb}
            aria-label={`View artwork ${index + 1} of ${slides.length} by ${creator.name}`}
            aria-haspopup="dialog"
            onClick={(event) => {
              openLightbox(slides, index, event.currentTarget, {
                label: `Artworks by ${creator.name}`,
                resolveImage,
              }).catch(() =>
                showToast({
                  tone: 'error',
                  title: 'The image viewer could not open',
                  description: 'Reload the page and try again.',
                }),
              );
            }}
          >
            <CardImage
              src={slide.src}
              alt=""
              width={ITEM_IMAGE_SIZE.width}
              height={ITEM_IMAGE_SIZE.height}
              className={`fill-cover ${styles.image}`}
            />
          </button>
        ))}
      </div>
      <CreatorCard creator={creator} className={styles.bar} />
    </li>
  );
}
