// Real file bytes for upload tests.
import { randomUUID } from 'node:crypto';
import type { TestClient } from './harness.ts';

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

export function putImage(
  client: TestClient,
  bytes: Uint8Array,
  id: string = randomUUID(),
  contentType = 'image/png',
) {
  return client.request(`/api/images/${id}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Blob([new Uint8Array(bytes)]),
  });
}

/** Uploads the PNG; its id. */
export async function uploadPng(client: TestClient): Promise<string> {
  const id = randomUUID();
  const response = await putImage(client, PNG, id);
  if (response.status !== 201) throw new Error(`image upload answered ${response.status}`);
  return id;
}
