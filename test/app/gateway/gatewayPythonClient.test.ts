import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import {
  countedLines,
  countingServer,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
  repo,
} from './gatewayHarness.ts'

// The official Python MCP SDK (`mcp` 2.3.0, pinned) as the host: pinned to 2026-07-28 and in
// `auto` (it probes `server/discover`), over Streamable HTTP and over stdio, it allows, denies,
// cancels and lets expire a gated call (fixtures/pythonClient.py: four calls, one connection).
// The SDK lives in a virtual environment under node_modules/.cache, made once from the machine's
// package index; where Python or the package cannot be had, the test says so and is skipped.
const mcpVersion = '2.3.0'
const venv = join(repo, 'node_modules/.cache/studypulse-python-mcp')
const python = join(venv, 'bin/python')
const run = promisify(execFile)

/** Why the Python SDK is not here, or undefined once it is (made on first use). */
function pythonAbsent(): string | undefined {
  try {
    if (!existsSync(python)) {
      execFileSync('python3', ['-m', 'venv', venv], { stdio: 'ignore' })
    }
    const has = () => {
      try {
        const out = execFileSync(
          python,
          ['-c', 'import importlib.metadata as m; print(m.version("mcp"))'],
          { stdio: ['ignore', 'pipe', 'ignore'] },
        )
        return out.toString().trim() === mcpVersion
      } catch {
        return false
      }
    }
    if (has()) return undefined
    execFileSync(python, ['-m', 'pip', 'install', '-q', '--retries', '0', `mcp==${mcpVersion}`], {
      stdio: 'ignore',
      timeout: 300_000,
    })
    return has() ? undefined : `mcp ${mcpVersion} did not install`
  } catch (error) {
    return `no Python with mcp ${mcpVersion} (${error instanceof Error ? error.message : String(error)})`
  }
}

const absent = pythonAbsent()
if (absent !== undefined) console.warn(`gatewayPythonClient skipped: ${absent}`)

let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
const countFile = () => join(folder.dir, 'count.txt')
// Cards wait 3 s: the late answer comes soon, the others at once.
const askTimeoutMs = 3_000

beforeAll(async () => {
  if (absent !== undefined) return
  folder = await gatewayFolder((_files, dir) => ({
    version: 1,
    servers: { counting: countingServer(join(dir, 'count.txt')) },
  }))
  started = await folderGateway(folder, {
    askTimeoutMs,
  })
  http = await serveGatewayHttp(started.gateway, 0)
})
afterAll(async () => {
  await http?.close()
  await started?.stop()
  await folder?.dispose()
})

interface PythonRun {
  version: string
  results: { case: string; asked: number; isError: boolean; code: string | null }[]
}

/** One Python process: a session per mode, in turn, each making the four calls. */
async function pythonClient(target: string, command: string[] = []) {
  const { stdout } = await run(
    python,
    [join(repo, 'test/app/gateway/fixtures/pythonClient.py'), modes.join(','), target, ...command],
    { cwd: repo, timeout: 240_000 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, PythonRun>
}

const modes = ['2026-07-28', 'auto']
const expected = [
  { case: 'allow', asked: 1, isError: false, code: null },
  { case: 'deny', asked: 1, isError: true, code: 'user_denied' },
  { case: 'cancel', asked: 1, isError: true, code: 'user_denied' },
  { case: 'expire', asked: 1, isError: true, code: 'confirmation_expired' },
]

test.skipIf(absent !== undefined)(
  `Python mcp ${mcpVersion}, pinned to 2026-07-28 and in auto: allow, deny, cancel, expire over HTTP and stdio`,
  async () => {
    // Over stdio each session starts a gateway process of its own, on its own workspace.
    const stdio = [
      process.execPath,
      ...nodeScript(join(repo, 'app/gateway/main.ts')),
      '--config',
      folder.config,
      '--workspace',
      join(folder.dir, 'ws-{mode}'),
      '--ask-timeout',
      `${askTimeoutMs / 1000}s`,
    ]
    const before = (await countedLines(countFile())).length
    const [overHttp, overStdio] = await Promise.all([
      pythonClient(http.url),
      pythonClient('stdio', stdio),
    ])
    for (const mode of modes) {
      const [viaHttp, viaStdio] = [overHttp[mode], overStdio[mode]]
      // `auto` finds the stateless revision through `server/discover` and takes it. Over stdio
      // the SDK gives the probe 10 s (its DISCOVER_TIMEOUT_SECONDS); a gateway still starting
      // on a busy machine answers later, and the SDK falls back to `initialize`, which the same
      // process serves as 2025-11-25: either way every case below holds.
      expect(viaHttp?.version).toBe('2026-07-28')
      if (mode !== 'auto') expect(viaStdio?.version).toBe('2026-07-28')
      expect(['2026-07-28', '2025-11-25']).toContain(viaStdio?.version)
      expect(viaHttp?.results).toEqual(expected)
      expect(viaStdio?.results).toEqual(expected)
    }
    // Only the allowed calls ran, once each.
    const ran = (await countedLines(countFile())).slice(before).sort()
    const allowed = modes.flatMap((mode) =>
      Array(2).fill(JSON.stringify({ line: `python ${mode} allow` })),
    )
    expect(ran).toEqual(allowed.sort())
  },
)
