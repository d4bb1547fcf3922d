// A local preview of a chosen image (docs/product.md "Creators and profiles": banner and avatar
// with local preview on file choice; "Validation": image inputs accept images only). The file is
// checked on its type and content (lib/file-check); a refused file keeps the previous preview and
// gives a message. The object URL is revoked when another file replaces it, on discard and on
// unmount.
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkFile } from '@/lib/file-check';

export interface ImagePreview {
  /** Object URL of the chosen image, or null. */
  url: string | null;
  /** Name of the chosen file. */
  name: string;
  /** The chosen file (checked), to save. */
  file: File | null;
  /** Why the last chosen file was refused, or null. */
  error: string | null;
  choose: (file: File | undefined) => Promise<void>;
  discard: () => void;
}

export function useImagePreview(): ImagePreview {
  const [state, setState] = useState<{
    url: string | null;
    name: string;
    file: File | null;
    error: string | null;
  }>({ url: null, name: '', file: null, error: null });
  const current = useRef<string | null>(null);
  const seq = useRef(0);

  const replace = useCallback((url: string | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = url;
  }, []);

  useEffect(() => () => replace(null), [replace]);

  const choose = useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      const n = ++seq.current;
      const check = await checkFile(file);
      if (n !== seq.current) return;
      if (!check.ok) {
        setState((s) => ({ ...s, error: check.message }));
        return;
      }
      const url = URL.createObjectURL(file);
      replace(url);
      setState({ url, name: file.name, file, error: null });
    },
    [replace],
  );

  const discard = useCallback(() => {
    seq.current += 1;
    replace(null);
    setState({ url: null, name: '', file: null, error: null });
  }, [replace]);

  return { ...state, choose, discard };
}
