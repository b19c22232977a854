import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const alias = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

/** Text files worth compressing ahead (source maps are left out: only developer tools ask for them). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** The server compresses nothing smaller (`COMPRESS_MIN_BYTES`), so neither does the build. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside each built text file,
 * for the server to send as they are (`serveStatic({ precompressed: true })`). A copy that would not be
 * smaller is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  const files = async (dir: string): Promise<string[]> =>
    (
      await Promise.all(
        (await readdir(dir, { withFileTypes: true })).map((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? files(full) : [full];
        }),
      )
    ).flat();
  return {
    name: 'modmarket:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const candidates = (await files(outDir)).filter((file) => PRECOMPRESSED.test(file));
      await Promise.all(
        candidates.map(async (file) => {
          if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.byteLength < content.byteLength) await writeFile(`${file}.br`, br);
          if (gz.byteLength < content.byteLength) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@common': alias('./src/common'),
      '@client': alias('./src/client'),
      '@server': alias('./src/server'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    // The API runs on its own port in development (npm run dev:api); the browser sees one origin.
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/media': 'http://localhost:3000',
    },
  },
});
