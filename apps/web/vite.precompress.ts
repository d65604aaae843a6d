import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every built script, style sheet and
 * image, which the server sends as they are: ~15% smaller than compressing per request (brotli 4),
 * and no compression work per request. A copy is only kept when it is smaller.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'medportal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|css|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${path}.br`, br);
          if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
