// PUT /api/images/:imageId uploads an image (raw bytes, 10 MB at most, signed in; the id is
// the device's UUID), checked by its content; GET serves it with its type and a year's cache.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { ACCEPTED_UPLOADS, sniffContentType } from './image-types.ts';
import { getImage, imageUrl, isImageId, putImage, UPLOAD_QUOTA_BYTES } from './images.ts';

export const IMAGE_LIMIT = 10 * 1024 * 1024;

export function imageRoutes(db: Database, quota = UPLOAD_QUOTA_BYTES) {
  const app = new Hono<AppEnv>();

  app.put(
    '/:imageId',
    bodyLimit({
      maxSize: IMAGE_LIMIT,
      onError: (c) => apiError(c, 413, 'The file is too large: 10 MB at most.'),
    }),
    async (c) => {
      const account = c.get('account');
      if (!account) return apiError(c, 401, 'Sign in to upload an image.');
      const id = c.req.param('imageId');
      if (!isImageId(id)) return apiError(c, 400, 'The image id must be a UUID.');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length === 0) return apiError(c, 400, 'The file is empty.');
      const contentType = sniffContentType(bytes);
      if (!contentType) {
        return apiError(
          c,
          415,
          `This file is not an image Artmint accepts. Upload ${ACCEPTED_UPLOADS} (SVG is not accepted).`,
        );
      }
      const outcome = await putImage(db, account.id, id, { contentType, bytes }, quota);
      if (outcome === 'quota') {
        return apiError(
          c,
          413,
          `Your uploads have reached ${quota / 1024 / 1024} MB, the most one account can store. Pictures no item or profile uses are freed a day after upload.`,
        );
      }
      if (outcome === 'taken') return apiError(c, 403, 'This image id belongs to someone else.');
      if (outcome === 'different') {
        return apiError(c, 409, 'An image with this id was already uploaded with other content.');
      }
      return c.json(
        { id: id.toLowerCase(), url: imageUrl(id), contentType },
        outcome === 'created' ? 201 : 200,
      );
    },
  );

  app.get('/:imageId', async (c) => {
    const id = c.req.param('imageId');
    const image = isImageId(id) ? await getImage(db, id) : null;
    if (!image) return apiError(c, 404, 'There is no such image.');
    c.header('Content-Type', image.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(image.bytes));
  });

  return app;
}
