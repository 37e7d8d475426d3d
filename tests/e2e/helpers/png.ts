// A real PNG file built in memory (no fixture on disk): what a person would pick as an author photo.
import { pngFile } from '../../helpers/png';

/** An RGB PNG of the given size: a diagonal two-colour split, so it is visibly an image when rendered. */
export function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      const light = x > y * (width / height);
      row[1 + x * 3] = light ? r : 255 - r;
      row[2 + x * 3] = light ? g : 255 - g;
      row[3 + x * 3] = light ? b : 255 - b;
    }
    rows.push(row);
  }
  return pngFile(width, height, Buffer.concat(rows));
}
