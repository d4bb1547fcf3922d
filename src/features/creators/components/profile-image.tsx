// One of the profile hero's pictures (banner or avatar): the saved image, or the local preview
// of a newly chosen one, and on your own profile the picker that chooses it.
import { CardImage } from '@/components/cards/card-image';
import type { ImageSize } from '@shared/sample/image-paths';
import { ImagePicker } from './image-picker';
import type { ImagePreview } from './use-image-preview';

export interface ProfileImageProps {
  /** What the picture is ("banner", "avatar"): names the preview and the picker. */
  subject: string;
  /** The saved image. */
  src: string;
  size: ImageSize;
  preview: ImagePreview;
  className?: string;
  /** Own profile only: the picker, with the id of the element that shows its error. */
  picker?: { errorId: string; className?: string; iconOnly?: boolean };
}

export function ProfileImage({
  subject,
  src,
  size,
  preview,
  className,
  picker,
}: ProfileImageProps) {
  return (
    <>
      {preview.url ? (
        <img
          src={preview.url}
          alt={`Preview of your new ${subject}`}
          width={size.width}
          height={size.height}
          className={className}
        />
      ) : (
        <CardImage
          src={src}
          alt=""
          priority
          width={size.width}
          height={size.height}
          className={className}
        />
      )}
      {picker && <ImagePicker label={`Change ${subject}`} preview={preview} {...picker} />}
    </>
  );
}
