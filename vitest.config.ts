import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // One real PostgreSQL for the whole run, and the app's page built once before any file runs.
    globalSetup: ['test/helpers/postgresGlobalSetup.ts', 'test/helpers/pageGlobalSetup.ts'],
    // A bound only ends a hung test: beside a busy neighbour on CI's 2 cores, CPU-bound tests (the
    // model-based explorer's control, 300 runtime scenarios) took up to half of the old 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
