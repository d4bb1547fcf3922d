// A button-looking label around a file input for an image (images only, checked on content).
import type { ImagePreview } from './use-image-preview';
import { CameraIcon } from './profile-icons';
import styles from './profile-hero.module.css';

export interface ImagePickerProps {
  label: string;
  preview: ImagePreview;
  /** Id of the element that shows this picker's error. */
  errorId: string;
  iconOnly?: boolean;
  className?: string;
}

export function ImagePicker({ label, preview, errorId, iconOnly, className }: ImagePickerProps) {
  return (
    <label
      className={['touch-pill', styles.picker, iconOnly ? styles.pickerIcon : '', className]
        .filter(Boolean)
        .join(' ')}
      title={label}
    >
      <input
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
        className="visually-hidden"
        aria-invalid={preview.error ? true : undefined}
        aria-describedby={preview.error ? errorId : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          void preview.choose(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
      />
      <CameraIcon />
      <span className={iconOnly ? 'visually-hidden' : styles.pickerText}>{label}</span>
    </label>
  );
}
