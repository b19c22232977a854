import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      // What needs a real PostgreSQL server (several instances sharing one) runs in CI's second pass,
      // which leaves out what tests the embedded database itself (it would only repeat the first pass).
      exclude: process.env.TEST_DATABASE_URL ? ['src/**/*.embedded.test.ts'] : ['src/**/*.postgres.test.ts'],
      environment: 'node',
      setupFiles: ['src/test/setup.ts'],
      globalSetup: ['src/test/global-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Each file gets its own fresh database; two workers fit the two cores.
      pool: 'forks',
      maxWorkers: 2,
      // A worker keeps the modules it loaded from one test file to the next: importing the app once a
      // worker instead of once a file took the suite from about 700 to 450 CPU-seconds. A file shares
      // no state with another all the same: each builds its own app on its own database.
      isolate: false,
    },
  }),
);
