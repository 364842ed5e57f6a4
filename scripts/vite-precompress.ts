import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import type { Plugin } from 'vite';

/** Text files worth compressing; source maps are left as they are (only devtools fetch them). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its own request overhead. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a .br and a .gz copy beside every built text file, once, at build time; the server's
 * static handler (preCompressed) then sends the one the browser accepts, with no work per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'marquee-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
        const body = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
