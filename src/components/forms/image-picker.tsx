// A labelled file input for artwork and avatars with a local preview (docs/product.md "Calls
// outside the app": "Local file preview only for chosen images"). Every chosen file is checked on
// its size, name, type and content (src/lib/file-check.ts) before the form may keep it.
import { useEffect, useState, type ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { checkFile, type FileKind } from '@/lib/file-check';
import styles from './image-picker.module.css';

export interface PickedFile {
  file: File;
  /** The MIME type read from the file's content. */
  mime: string;
  kind: FileKind;
}

export interface ImagePickerProps {
  label: ReactNode;
  name: string;
  hint: ReactNode;
  /** The chosen file, or null. */
  value: PickedFile | null;
  /** Called with the checked file, or null and a message when it was refused. */
  onChange: (picked: PickedFile | null, error: string | null) => void;
  error?: string | null;
  required?: boolean;
  /** Accept MP4 videos too (upload form). */
  allowVideo?: boolean;
  /** The image shown before anything is chosen (e.g. the current avatar). */
  currentSrc?: string | null;
  /** Preview shape. */
  shape?: 'square' | 'round';
}

const IMAGE_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,image/avif,.png,.jpg,.jpeg,.gif,.webp,.avif';
const VIDEO_ACCEPT = ',video/mp4,.mp4';

function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // The object URL is an outside resource: made for this file, revoked when it changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}

export function ImagePicker({
  label,
  name,
  hint,
  value,
  onChange,
  error,
  required,
  allowVideo = false,
  currentSrc,
  shape = 'square',
}: ImagePickerProps) {
  const preview = usePreviewUrl(value?.file ?? null);
  const [checking, setChecking] = useState(false);
  const shown = preview ?? currentSrc ?? null;

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setChecking(true);
    try {
      const result = await checkFile(file, { allowVideo });
      if (result.ok) onChange({ file, mime: result.mime, kind: result.kind }, null);
      else {
        onChange(null, result.message);
        input.value = '';
      }
    } catch {
      onChange(null, 'This file could not be read. Choose another one.');
      input.value = '';
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className={styles.picker} data-shape={shape}>
      <div className={styles.preview} aria-hidden={shown ? undefined : true}>
        {shown && value?.kind === 'mp4' ? (
          <video src={shown} className={styles.media} muted controls playsInline>
            <track kind="captions" />
          </video>
        ) : shown ? (
          <img
            src={shown}
            alt={value ? `Preview of ${value.file.name}` : 'Current image'}
            className={styles.media}
            width={400}
            height={400}
            decoding="async"
          />
        ) : (
          <span className={styles.placeholder}>No file chosen yet</span>
        )}
      </div>
      <Field label={label} name={name} hint={hint} error={error} required={required}>
        {(control) => (
          <input
            type="file"
            accept={allowVideo ? IMAGE_ACCEPT + VIDEO_ACCEPT : IMAGE_ACCEPT}
            className={`input-states ${styles.input}`}
            aria-busy={checking || undefined}
            onChange={(event) => void onFile(event.currentTarget)}
            {...control}
          />
        )}
      </Field>
      {value && (
        <p className={styles.chosen}>
          Chosen: <span dir="auto">{value.file.name}</span> ({sizeText(value.file.size)})
        </p>
      )}
    </div>
  );
}
