import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import MagicString from 'magic-string';

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

/**
 * The browser compiles a function only when it is first called, on the page's main thread, unless the
 * function is written `(function …)`: V8 then compiles it with the rest of the file, on a background
 * thread, as the file downloads. Each CommonJS library (React DOM's client above all) is bundled inside
 * a function called once, when the app first imports it; written as an arrow, it was compiled there on
 * the main thread (React DOM's: 60 ms of a 4× slower phone's main thread). Written `function`, it is
 * compiled ahead. The bundler calls it with no `this`, and a module never sees `arguments` at its top
 * level, so the two forms behave alike.
 */
function eagerCommonJs(): Plugin {
  const wrapper = /__commonJSMin\(\(\(([\w$, ]*)\) => \{/g;
  return {
    name: 'modmarket:eager-commonjs',
    apply: 'build',
    renderChunk(code) {
      const edited = new MagicString(code);
      for (const match of code.matchAll(wrapper))
        edited.overwrite(
          match.index,
          match.index + match[0].length,
          `__commonJSMin((function(${match[1]}) {`,
        );
      return edited.hasChanged()
        ? { code: edited.toString(), map: edited.generateMap({ hires: 'boundary' }) }
        : null;
    },
  };
}

/**
 * The app's own modules run nothing when imported (no import is made for its side effects alone), so
 * a page that takes one export of a feature's index (the favourite button) does not also get the rest
 * of that feature (the save-search form and its form library). The one exception is the app itself
 * (`main.tsx`), which the browser's entry imports to run it.
 */
const ownModule = /\/src\/(?:client|common)\/.+\.tsx?$/;
const runsWhenImported = /\/src\/client\/main\.tsx$/;
const treeshake = {
  moduleSideEffects: (id: string) => !ownModule.test(id) || runsWhenImported.test(id),
  // Building a schema (`z.object(…)`, and each call chained on it) changes nothing outside it: one the
  // browser never uses is left out instead of built on every page load (the answers' schemas, which
  // only the server's API document needs).
  manualPureFunctions: ['z'],
};

/** The icons the shell and the home page draw (file names in lucide-react): they load with the framework. */
const FIRST_ICONS = [
  'languages',
  'menu',
  'bell',
  'heart',
  'message-square',
  // The tab bar's.
  'house',
  'square-plus',
  'user-round',
  'triangle-exclamation-point',
  'wifi-off',
  'rotate-cw',
  'search',
  'shield-check',
  'truck',
  'handshake',
  'award',
  'sparkles',
  'wrench',
  'badge-check',
  'map-pin',
  'circle-check',
  'image-off',
  'check',
  'minus',
  'chevron-right',
  'star',
  'rocket',
  'bell-ring',
  'car-front',
  'messages-square',
];
const firstIcon = new RegExp(
  `lucide-react[\\\\/]dist[\\\\/]esm[\\\\/](?:icons[\\\\/](?:${FIRST_ICONS.join('|')})\\.mjs|createLucideIcon|Icon|defaultAttributes|shared)`,
);

/**
 * What the app (`main.tsx`) imports statically, directly or not, and the libraries among it every page
 * runs: the `app` chunk. Left out: the app module itself and what the browser's entry (`boot.ts`)
 * imports (both run when imported, and the entry must stay small), and, as the graph is read before
 * unused imports are dropped, the schemas (and their library) and the libraries of what loads later.
 */
const appModules = new Set<string>();
const appLibrary =
  /node_modules[\\/](?:@tanstack[\\/](?:query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|clsx|hono|@radix-ui[\\/](?:react-slot|react-compose-refs))[\\/]/;
const inApp = (id: string) =>
  appModules.has(id) &&
  (id.includes('node_modules') ? appLibrary.test(id) : !id.includes('/src/common/schemas/'));

/** Finds `appModules` once the module graph is complete (chunks are made after). */
function findAppModules(): Plugin {
  return {
    name: 'modmarket:app-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (start: string | undefined) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id)) return;
          found.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        if (start) visit(start);
        return found;
      };
      const main = ids.find((id) => runsWhenImported.test(id));
      const boot = closure(ids.find((id) => /\/src\/client\/boot\.ts$/.test(id)));
      appModules.clear();
      for (const id of closure(main)) if (id !== main && !boot.has(id)) appModules.add(id);
    },
  };
}

/**
 * Fewer, better-compressed files for the browser: the libraries every page runs and the first page's
 * icons in one chunk, the rest of what every page runs (the app's shell, data and translation
 * libraries) in a second, and every other icon in one more (a few kilobytes, instead of a request
 * per icon). A page's own chunk and what few pages share come on top.
 */
const codeSplitting = {
  groups: [
    {
      name: 'framework',
      test: (id: string) =>
        /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/.test(id) || firstIcon.test(id),
      priority: 20,
    },
    // What the app's modules import but is not theirs alone (what the entry imports) stays out.
    { name: 'app', test: inApp, priority: 15, includeDependenciesRecursively: false },
    { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 10 },
  ],
};

// Two builds: the browser's app (`dist/client`, with a manifest the server reads to preload a page's
// chunks) and the server entry that renders pages (`dist/ssr`, `vite build --ssr`).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [findAppModules(), eagerCommonJs(), precompress()]),
  ],
  resolve: {
    alias: {
      '@common': alias('./src/common'),
      '@client': alias('./src/client'),
      '@server': alias('./src/server'),
    },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: { input: 'src/client/entry-server.tsx', treeshake },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        chunkSizeWarningLimit: 400,
        rollupOptions: { treeshake, output: { codeSplitting } },
      },
  server: {
    port: 5173,
    // The API runs on its own port in development (npm run dev:api); the browser sees one origin.
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/media': 'http://localhost:3000',
    },
  },
}));
