// Photo-like JPEGs made with sharp at test time (no binary is committed): colour gradients under fine sensor noise,
// which is what makes real photos expensive to compress, so the bytes a page downloads are realistic.
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { ImageFacts } from '../../../src/contract/images';
import { texturedPhotoJpeg } from '../../../scripts/lib/texturedPhoto.mjs';
import { ADMIN_TOKEN } from './constants';

/** Deterministic per seed; a 4000×3000 one is about 4 MB (the generator is the Lighthouse script's). */
export function photoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  return texturedPhotoJpeg(width, height, { seed, quality: 88 });
}

/** A landscape JPEG as stored, tagged EXIF orientation 6: upright it is a portrait with its red half on top. */
export async function jpegOrientation6(width = 600, height = 400): Promise<Buffer> {
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: '#c83c28' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#1e3cc8' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export type Uploaded = { url: string; image: ImageFacts };

export async function upload(request: APIRequestContext, bytes: Buffer, name: string): Promise<Uploaded> {
  const response = await request.post('/api/uploads', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    multipart: { file: { name, mimeType: 'image/jpeg', buffer: bytes } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Uploaded;
}
