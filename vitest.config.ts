import { defineConfig } from 'vitest/config'

// Files that must each have a module graph of their own: they replace modules (vi.mock), or keep
// per-file state in module scope that another file in the same worker would see. Every other file
// shares its worker's loaded modules with the files run before it there, which halves the suite's
// import cost (each file used to load zod, XState, the planner, the server anew).
const isolated = [
  'test/app/tracingOff.test.ts',
  'test/models/offline/plannerChronoBound.test.ts',
  'test/models/offline/plannerLongInput.test.ts',
  'test/ui/useRunSelector.test.tsx',
  // Replaces the classifier's module (vi.mock) to prove a turn survives its chunk not loading.
  'test/models/offline/plannerClassifierUnavailable.test.ts',
  // Focus lands a render later when the edit form's code was loaded by an earlier file.
  'test/ui/AgentChat.test.tsx',
  // The explorers: CPU-bound for tens of seconds, a third slower in a worker whose heap carries
  // the files before them, and best started early beside the package tests (the ones that use the
  // packed tarball). The small files beside them (a source scan, a bundle check) share a worker.
  'test/machines/modelBased/agentRun.modelBased.test.ts',
  'test/machines/modelBased/precheck.test.ts',
  'test/runtimeProperties/**/*.test.ts',
  'test/conformance/**/*.test.ts',
  'test/package/consumer.test.ts',
  'test/package/useChatConsumer.test.ts',
  'test/package/gatewayPage.test.ts',
  'test/package/apiReports.test.ts',
  'test/docs/**/*.test.ts',
]
const all = ['test/**/*.test.ts', 'test/**/*.test.tsx']
// A bound only ends a hung test: beside a busy neighbour on CI's 2 cores, CPU-bound tests (the
// model-based explorer's control, 300 runtime scenarios) took up to half of the old 30 s.
const limits = { testTimeout: 60_000, hookTimeout: 60_000, setupFiles: ['test/helpers/perFile.ts'] }

export default defineConfig({
  test: {
    // One real PostgreSQL for the whole run, the app's page built once before any file runs, a
    // folder where the package tests' one `npm pack` goes, and the child scripts bundled once.
    globalSetup: [
      'test/helpers/postgresGlobalSetup.ts',
      'test/helpers/pageGlobalSetup.ts',
      'test/helpers/packGlobalSetup.ts',
      'test/helpers/scriptBundleGlobalSetup.ts',
    ],
    // Three files at once on 2 cores (vitest's default is cores − 1, one file at a time there): with
    // two, a fifth of the CPU sat idle while files waited on child processes — Chromium, npm
    // installs, gateways, PostgreSQL, servers' start timeouts.
    maxWorkers: 3,
    ...limits,
    // The global setup above runs once, for both projects (a project that extends the root would
    // run it again: a second PostgreSQL, page copy and set of bundles).
    projects: [
      { test: { ...limits, name: 'shared', include: all, exclude: isolated, isolate: false } },
      { test: { ...limits, name: 'isolated', include: isolated } },
    ],
  },
})
