// Writes .br and .gz next to every compressible built asset so the server sends them without work.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2];
if (!root) throw new Error("usage: precompress.mjs <folder>");
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (compressible.test(name)) yield file;
  }
}

let count = 0;
for (const file of files(root)) {
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
