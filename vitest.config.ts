import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // One real PostgreSQL for the whole run, the app's page built once before any file runs, a
    // folder where the package tests' one `npm pack` goes, and the child scripts bundled once.
    globalSetup: [
      'test/helpers/postgresGlobalSetup.ts',
      'test/helpers/pageGlobalSetup.ts',
      'test/helpers/packGlobalSetup.ts',
      'test/helpers/scriptBundleGlobalSetup.ts',
    ],
    // Two files at once even on 2 cores (vitest's default is cores − 1, one file at a time there):
    // most of the suite's wall time is files waiting on child processes — Chromium, npm installs,
    // gateways, PostgreSQL — not on this process's CPU.
    maxWorkers: 2,
    // A bound only ends a hung test: beside a busy neighbour on CI's 2 cores, CPU-bound tests (the
    // model-based explorer's control, 300 runtime scenarios) took up to half of the old 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
