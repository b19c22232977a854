// Bundles the server into dist/server: the entry and the PGlite worker thread, dependencies left external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    index: 'src/server/index.ts',
    'pglite-worker': 'src/server/db/embedded/pglite-worker.mjs',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
