// Photo-like JPEGs made with sharp at test time (no binary is committed): colour gradients under fine sensor noise,
// which is what makes real photos expensive to compress, so the bytes a page downloads are realistic.
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ImageFacts } from '../../../src/contract/images';
import { texturedPhotoJpeg } from '../../../scripts/lib/texturedPhoto.mjs';
import { ADMIN_TOKEN } from './constants';

/**
 * Deterministic per seed; a 4000×3000 one is about 4 MB (the generator is the Lighthouse script's). Made once per run
 * and kept in the run's throwaway directory: every worker that needs the photo post makes the same photos, and on a
 * busy host making them took most of that test's time.
 */
export async function photoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const dir = join(process.env.TOUCHLINE_E2E_DATA_DIR ?? tmpdir(), 'e2e-photos');
  const file = join(dir, `${width}x${height}-${seed}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await texturedPhotoJpeg(width, height, { seed, quality: 88 });
  mkdirSync(dir, { recursive: true });
  // Written whole under another name, then renamed: another worker never reads half a file.
  writeFileSync(`${file}.${process.pid}`, bytes);
  renameSync(`${file}.${process.pid}`, file);
  return bytes;
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
