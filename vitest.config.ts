import { defineConfig } from 'vitest/config';
import { messages } from './apps/web/vite/messages.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Vitest's default leaves one of the two cores idle (available parallelism minus one).
          maxWorkers: 2,
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          // PDF and workbook tests take 1–2 s quiet and went past the default 5 s beside the browser
          // shards on a slower host (2026-11-29: the whole unit and web run 1,415 s against 600 s).
          testTimeout: 30_000,
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/api/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two cores run two files at a time.
          maxWorkers: 2,
          // Files of a worker share one module graph: each file builds its own app and database, no
          // test mocks modules or stubs globals, and importing the app anew for every file was a
          // third of the suite's time (docs/performance.md, "The CI run").
          isolate: false,
          // In CI the browser shards share the two cores: a test that fails once under that load
          // (seen: two PGlite timing failures in three runs) gets one more attempt; a real failure
          // fails both. Locally a failure is reported at once.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        // The screens' texts come from the message catalogue as in the build (`virtual:messages/…`).
        plugins: [messages()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          maxWorkers: 2,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Multi-step form tests render a whole wizard in happy-dom: 2–4 s on a quiet machine,
          // over 15 s on two cores shared with the browser tests and the database suites, and past
          // 30 s on a host half as fast (2026-11-29). One more attempt in CI, as the integration suite.
          testTimeout: 90_000,
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
