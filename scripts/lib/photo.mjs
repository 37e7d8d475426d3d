// A photo-like test image made with sharp, so no binary is committed: smooth colour gradients (sky, light falloff)
// under per-pixel sensor noise, which is what makes real photos expensive to compress. Deterministic (seeded).
import sharp from 'sharp';

/** Raw RGB pixels, width × height × 3. */
export function photoPixels(width, height, seed = 1) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  const noise = () => {
    // xorshift32: fast and reproducible
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 4294967296 - 0.5) * 36;
  };
  for (let y = 0; y < height; y += 1) {
    const v = y / height;
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const wave = Math.sin(u * 9 + v * 4) * 30 + Math.cos(v * 13 - u * 3) * 25;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 70 + 120 * u + wave + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, 110 + 90 * v - wave / 2 + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, 200 - 120 * v + wave / 3 + noise()));
    }
  }
  return pixels;
}

/** A JPEG of the photo-like image (4000×3000 at quality 92 is about 4 MB). */
export async function photoJpeg(width = 4000, height = 3000, { quality = 92, seed = 1 } = {}) {
  return sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
