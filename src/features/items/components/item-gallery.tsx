// The artwork and its three sub-images (docs/product.md "Records and fields": 3 per item); each
// opens the image lightbox (docs/product.md "Shared blocks", Image lightbox) at its own slide.
import type { MouseEvent } from 'react';
import { CardImage, useImageResolver } from '@/components/cards/card-image';
import { openLightbox, type LightboxSlide } from '@/components/lightbox/lightbox';
import { showToast } from '@/components/ui/toast';
import { ITEM_IMAGE_SIZE } from '@shared/sample/image-paths';
import type { Item } from '@shared/types';
import styles from './item-gallery.module.css';

function slidesOf(item: Item): LightboxSlide[] {
  const main: LightboxSlide = { src: item.image, ...ITEM_IMAGE_SIZE, alt: item.title };
  const subs = [...item.subImage]
    .sort((a, b) => a.index - b.index)
    .map((sub) => ({
      src: sub.image,
      ...ITEM_IMAGE_SIZE,
      alt: `${item.title}, detail ${sub.index}`,
    }));
  return [main, ...subs];
}

export function ItemGallery({ item }: { item: Item }) {
  const slides = slidesOf(item);
  const resolveImage = useImageResolver();
  const open = (index: number) => (event: MouseEvent<HTMLButtonElement>) => {
    openLightbox(slides, index, event.currentTarget, {
      label: `${item.title}: images`,
      resolveImage,
    }).catch(() => {
      showToast({
        tone: 'error',
        title: 'The image viewer could not open',
        description: 'Reload the page and try again.',
      });
    });
  };
  const [main, ...subs] = slides;
  return (
    <div className={styles.gallery}>
      {main && (
        <button
          type="button"
          className={styles.main}
          onClick={open(0)}
          aria-label={`View ${item.title} full screen (image 1 of ${slides.length})`}
        >
          <CardImage
            src={main.src}
            alt={item.title}
            width={main.width}
            height={main.height}
            priority
            className={styles.image}
          />
        </button>
      )}
      <ul className={styles.thumbs} aria-label="More images">
        {subs.map((slide, i) => (
          <li key={slide.src + String(i)}>
            <button
              type="button"
              className={styles.thumb}
              onClick={open(i + 1)}
              aria-label={`View image ${i + 2} of ${slides.length}: ${slide.alt}`}
            >
              <CardImage
                src={slide.src}
                alt=""
                width={slide.width}
                height={slide.height}
                className={styles.image}
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
