// Brotli and gzip copies of the built web app's text files, made once at build time: the server sends the
// copy the browser accepts (@fastify/static's preCompressed) instead of compressing on every request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes name.br and name.gz beside each text file of `folder` worth compressing; returns how many.
 * `only` narrows it to the files whose name it accepts (a test that changed one file redoes that one).
 */
export function precompress(folder, { only = () => true } = {}) {
  let count = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name) || !only(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
