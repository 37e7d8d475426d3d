// Pre-compresses the built client (brotli + gzip) once at build time so the server never compresses per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../dist/client', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function walk(path) {
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(path, entry.name)) : [join(path, entry.name)],
  );
}

let count = 0;
for (const file of walk(dir)) {
  if (!compressible.test(file)) continue;
  const data = readFileSync(file);
  if (data.length < 512) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
console.log(`compress: ${count} files pre-compressed (brotli + gzip) in dist/client`);
