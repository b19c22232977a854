import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      // What needs a real PostgreSQL server (several instances sharing one) runs in CI's second pass.
      exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts'],
      environment: 'node',
      setupFiles: ['src/test/setup.ts'],
      globalSetup: ['src/test/global-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Each file gets its own fresh database; two workers fit the two cores.
      pool: 'forks',
      maxWorkers: 2,
    },
  }),
);
