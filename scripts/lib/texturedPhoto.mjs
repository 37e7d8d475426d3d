// A photo-like JPEG made with sharp, so no binary is committed. Unlike per-pixel noise alone (which averages away when
// the server scales it down, leaving variants far smaller than a real photo's), it has detail at every scale: sensor
// noise, fine and coarse texture over colour gradients. Its variants therefore cost what a real photo's do (a 960 px
// WebP about 140 KB), which is what the Lighthouse figures and the e2e download check are about. Deterministic.
// The Playwright suite uses it too (tests/e2e/helpers/photos.ts); texturedPhoto.d.mts gives it types.
import sharp from 'sharp';

function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast and reproducible
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296 - 0.5;
  };
}

/** Noise made at 1/scale of the size and enlarged smoothly: detail of about `scale` pixels. */
async function texture(width, height, scale, next) {
  const w = Math.max(2, Math.round(width / scale));
  const h = Math.max(2, Math.round(height / scale));
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = 128 + next() * 255;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/** 4000×3000 at the default quality is about 4 MB, a phone camera's JPEG. */
export async function texturedPhotoJpeg(width, height, { seed = 1, quality = 87 } = {}) {
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
    .jpeg({ quality })
    .toBuffer();
}
