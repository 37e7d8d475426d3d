// Photo-like JPEGs made with sharp at test time (no binary is committed): colour gradients under fine sensor noise,
// which is what makes real photos expensive to compress, so the bytes a page downloads are realistic.
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { ImageFacts } from '../../../src/contract/images';
import { ADMIN_TOKEN } from './constants';

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast and reproducible
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296 - 0.5;
  };
}

/** Noise made at 1/scale of the size and enlarged smoothly: detail of about `scale` pixels, as texture has. */
async function texture(width: number, height: number, scale: number, next: () => number): Promise<Buffer> {
  const w = Math.max(2, Math.round(width / scale));
  const h = Math.max(2, Math.round(height / scale));
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = 128 + next() * 255;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * Deterministic per seed. Detail at every scale (sensor noise, fine and coarse texture) over colour gradients, so its
 * downscaled variants stay as hard to compress as a real photo's; a 4000×3000 one is about 4 MB.
 */
export async function photoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const next = random(seed);
  const layers = [
    { weight: 0.14, pixels: await texture(width, height, 1, next) },
    { weight: 0.2, pixels: await texture(width, height, 3, next) },
    { weight: 0.22, pixels: await texture(width, height, 12, next) },
    { weight: 0.25, pixels: await texture(width, height, 60, next) },
  ];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const v = y / height;
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const wave = Math.sin(u * 9 + v * 4 + seed) * 30 + Math.cos(v * 13 - u * 3) * 25;
      const base = [70 + 120 * u + wave, 110 + 90 * v - wave / 2, 200 - 120 * v + wave / 3];
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        let value = base[c];
        for (const layer of layers) value += (layer.pixels[i + c] - 128) * layer.weight;
        pixels[i + c] = Math.max(0, Math.min(255, value));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
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
