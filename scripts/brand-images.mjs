// Regenerates the site's share image (public/og-image.png, 1200 × 630) and publisher logo (public/logo.png, 512 × 512)
// from the favicon's trophy mark. Social sites and search engines show neither SVG nor AVIF, so these are PNG; they
// are committed (fonts differ between machines), and this script is how to change them: `node scripts/brand-images.mjs`.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const trophy =
  'M10 7h12v5a6 6 0 0 1-12 0zM10 9H6.5a3.5 3.5 0 0 0 3.8 4.2M22 9h3.5a3.5 3.5 0 0 1-3.8 4.2M16 18v4M11 26h10M13 22h6v4h-6z';
const mark = (x, y, size) => `
  <g transform="translate(${x} ${y}) scale(${size / 32})">
    <rect width="32" height="32" rx="7" fill="#15803d"/>
    <path d="${trophy}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b1220"/>
  <rect x="0" y="590" width="1200" height="40" fill="#15803d"/>
  ${mark(110, 175, 200)}
  <text x="370" y="300" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff">Touchline</text>
  <text x="374" y="380" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="40" fill="#cbd5e1">Sports stories from the touchline</text>
</svg>`;

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${mark(0, 0, 512)}</svg>`;

const png = (svg) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, colours: 64 }).toBuffer();
writeFileSync(`${root}public/og-image.png`, await png(og));
writeFileSync(`${root}public/logo.png`, await png(logo));
console.log('wrote public/og-image.png and public/logo.png');
