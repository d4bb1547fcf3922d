// Images kept on the device (uploaded artwork, avatars): stored as bytes in the "images"
// store and referenced from records as `idb:<key>`.
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_TEXT } from '@/config/constants';
import { ValidationError } from '../errors';
import { IDB_IMAGE_PREFIX, type ImageRecord } from '../records';
import { isImageRecord } from '../schemas';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import { runWrite } from './db';
import { readOne } from './readers';

function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    'arrayBuffer' in value &&
    typeof value.arrayBuffer === 'function' &&
    'size' in value &&
    typeof value.size === 'number'
  );
}

const ACCEPTED_TYPE = /^(image\/[\w.+-]+|video\/mp4)$/;

/** The message for an unusable image file, or null when it can be stored. */
export function imageFileError(image: unknown, type: string): string | null {
  if (!isBlob(image)) return 'Choose an image file.';
  if (image.size === 0) return 'This file is empty. Choose another one.';
  if (image.size > UPLOAD_MAX_BYTES) return `This file is larger than ${UPLOAD_MAX_TEXT}.`;
  if (!ACCEPTED_TYPE.test(type)) return 'Choose a JPG, PNG or GIF image, or an MP4 video.';
  return null;
}

/** Validates and reads the file; the record is written by the caller's transaction. */
export async function prepareImage(
  ctx: DeviceContext,
  image: Blob,
  type: string,
  field = 'image',
): Promise<ImageRecord> {
  const message = imageFileError(image, type);
  if (message) throw new ValidationError({ [field]: message });
  const data = await image.arrayBuffer();
  return { key: ctx.newId(), type, data, createdAt: nowIso(ctx) };
}

export function imageRef(record: ImageRecord): string {
  return `${IDB_IMAGE_PREFIX}${record.key}`;
}

export async function saveImage(ctx: DeviceContext, image: Blob, type?: string): Promise<string> {
  const record = await prepareImage(ctx, image, type ?? image.type);
  await runWrite(ctx.db, (db) => db.put('images', { ...record, owner: ctx.owner() }));
  return imageRef(record);
}

/** An image is found by its random key, which only the records that show it hold: the lock
 * screen shows the remembered account's avatar while nobody is signed in. */
export async function getImageUrl(ctx: DeviceContext, key: string): Promise<string | null> {
  const cached = ctx.imageUrls.get(key);
  if (cached) return cached;
  const record = await readOne(ctx.db, 'images', key, isImageRecord);
  if (!record) return null;
  const url = URL.createObjectURL(new Blob([record.data], { type: record.type }));
  ctx.imageUrls.set(key, url);
  return url;
}

export function revokeImageUrls(ctx: DeviceContext): void {
  for (const url of ctx.imageUrls.values()) URL.revokeObjectURL(url);
  ctx.imageUrls.clear();
}
