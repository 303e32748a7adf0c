import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
// Below about 1 KB the encoding headers outweigh what compression saves.
const MIN_BYTES = 1024;

const gz = promisify(gzip);
const br = promisify(brotliCompress);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes `<file>.gz` and `<file>.br` beside every text file of `dir`; the API serves them as they are. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  for (const file of files) {
    const data = await readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [g, b] = await Promise.all([
      gz(data, { level: 9 }),
      br(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    ]);
    await Promise.all([writeFile(`${file}.gz`, g), writeFile(`${file}.br`, b)]);
    written += 1;
  }
  return written;
}

/** Compresses the build output once, so serving costs no CPU per request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'klimadesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
