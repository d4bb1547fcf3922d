// Checks a chosen file before it is kept on the device (docs/product.md "Validation": "Supports
// JPG, PNG and MP4 videos. Max file size : 10MB."; docs/product.md: size and MP4 enforced, checked
// on type AND content). The file's first bytes decide what it really is; its name and declared MIME
// type must agree with that. Pure apart from reading the first bytes of the Blob.
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_TEXT } from '@/config/constants';
import { MIME_BY_KIND, SNIFF_BYTES, sniffKind, type FileKind } from '@shared/content-sniff';

export { MIME_BY_KIND, SNIFF_BYTES, sniffKind, type FileKind };

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  mp4: 'mp4',
  m4v: 'mp4',
};

const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'avif'];
const ALL_KINDS: readonly FileKind[] = [...IMAGE_KINDS, 'mp4'];

/** The lower-case extension of a file name ("" when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export interface FileCheckOptions {
  /** Accept MP4 videos as well as images (the upload form); default false. */
  allowVideo?: boolean;
  maxBytes?: number;
}

export interface FileFacts {
  name: string;
  /** The MIME type the browser declared ("" when unknown). */
  type: string;
  size: number;
  /** The first bytes of the file (at least SNIFF_BYTES when the file is that long). */
  head: Uint8Array;
}

export type FileCheckResult =
  { ok: true; kind: FileKind; mime: string } | { ok: false; message: string };

function acceptedText(allowVideo: boolean): string {
  return allowVideo
    ? 'Choose a JPG, PNG, GIF, WebP or AVIF image, or an MP4 video.'
    : 'Choose a JPG, PNG, GIF, WebP or AVIF image.';
}

/** The pure rule: size, then name and declared type, then content, which must all agree. */
export function checkFileFacts(facts: FileFacts, options: FileCheckOptions = {}): FileCheckResult {
  const allowVideo = options.allowVideo ?? false;
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  const accepted = allowVideo ? ALL_KINDS : IMAGE_KINDS;
  const refuse = (message: string): FileCheckResult => ({ ok: false, message });

  if (facts.size === 0) return refuse('This file is empty. Choose another one.');
  if (facts.size > maxBytes) {
    const limit = maxBytes === UPLOAD_MAX_BYTES ? UPLOAD_MAX_TEXT : `${maxBytes} bytes`;
    const mb = (facts.size / (1024 * 1024)).toFixed(1);
    return refuse(`This file is ${mb} MB; the maximum is ${limit}. Choose a smaller file.`);
  }
  const ext = extensionOf(facts.name);
  const byName = ext ? KIND_BY_EXTENSION[ext] : undefined;
  if (ext && (!byName || !accepted.includes(byName))) {
    return refuse(`.${ext} files are not supported. ${acceptedText(allowVideo)}`);
  }
  const declared = facts.type.toLowerCase();
  const byType = ALL_KINDS.find((kind) => MIME_BY_KIND[kind] === declared);
  if (declared && (!byType || !accepted.includes(byType))) {
    return refuse(`This file is not a supported image. ${acceptedText(allowVideo)}`);
  }
  const byContent = sniffKind(facts.head);
  if (!byContent || !accepted.includes(byContent)) {
    return refuse(`This file's content is not a supported image. ${acceptedText(allowVideo)}`);
  }
  const claimed = byName ?? byType;
  if (claimed && claimed !== byContent) {
    return refuse(
      `This file is named or typed as ${claimed.toUpperCase()} but its content is ${byContent.toUpperCase()}. Choose the original file.`,
    );
  }
  return { ok: true, kind: byContent, mime: MIME_BY_KIND[byContent] };
}

async function readHead(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, SNIFF_BYTES);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : new Uint8Array(),
      );
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsArrayBuffer(slice);
  });
}

/** Checks a chosen file (a File, or a Blob with a name) on its size, name, type and content. */
export async function checkFile(
  file: Blob & { name?: string },
  options: FileCheckOptions = {},
): Promise<FileCheckResult> {
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  // Too large or empty files are refused without reading them.
  const head = file.size > 0 && file.size <= maxBytes ? await readHead(file) : new Uint8Array();
  return checkFileFacts(
    { name: file.name ?? '', type: file.type, size: file.size, head },
    { ...options, maxBytes },
  );
}
