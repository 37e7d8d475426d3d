// Real images for upload tests, made with sharp at test time (no binary is committed), and hostile ones built by hand.
import sharp from 'sharp';
import { pngFile } from '../../helpers/png';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: { width, height, channels, background: channels === 4 ? { r: 20, g: 120, b: 200, alpha: 0.5 } : '#c83c28' },
  });

/** A small real image of each accepted type. */
export async function sampleImages(): Promise<Record<'png' | 'jpg' | 'gif' | 'webp' | 'avif', Buffer>> {
  return {
    png: await solid(40, 30, 4).png().toBuffer(),
    jpg: await solid(40, 30).jpeg().toBuffer(),
    gif: await solid(40, 30).gif().toBuffer(),
    webp: await solid(40, 30).webp().toBuffer(),
    avif: await solid(40, 30).avif().toBuffer(),
  };
}

/** A JPEG whose EXIF names the camera and where the photo was taken (GPS is IFD3). */
export async function jpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  return solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' },
    })
    .toBuffer();
}

/** A landscape JPEG (width × height as stored) tagged EXIF orientation 6: upright it is a portrait. */
export async function jpegOrientation6(width = 600, height = 400): Promise<Buffer> {
  // Left half red, right half blue as stored; rotated 90° clockwise the red half ends up on top.
  const left = await solid(width / 2, height)
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#1e3cc8' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG of a few hundred bytes that declares width × height pixels (a decompression bomb by default). */
export function pngDeclaring(width = 100_000, height = 100_000): Buffer {
  // The first few rows of zeros: inflating the rest would produce width × height × 3 bytes.
  return pngFile(width, height, Buffer.alloc(64 * 1024));
}

/** A valid JPEG of exactly `size` bytes: a small image padded with comment (COM) segments after its SOI marker. */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const image = await solid(40, 30).jpeg().toBuffer();
  const segments: Buffer[] = [];
  let remaining = size - image.length;
  while (remaining > 0) {
    // A segment is FF FE, a 2-byte length (counting itself, at most 65535), then the comment; 4 bytes at least.
    const total = Math.min(remaining, 65_537);
    const body = remaining - total > 0 && remaining - total < 4 ? total - 4 : total;
    const header = Buffer.from([0xff, 0xfe, 0, 0]);
    header.writeUInt16BE(body - 2, 2);
    segments.push(header, Buffer.alloc(body - 4, 0x20));
    remaining -= body;
  }
  return Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);
}

/** True when the image carries an EXIF block (sharp reads it for every format it decodes). */
export async function hasExif(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return meta.exif !== undefined || meta.xmp !== undefined || meta.iptc !== undefined;
}
