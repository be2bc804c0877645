import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // One real PostgreSQL for the whole run; each test file makes its own database in it.
    globalSetup: ['test/helpers/postgresGlobalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
