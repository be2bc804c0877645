import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import type { McpStartEnded, RetryTimer } from '../../../tools/mcp/mcpRetry.ts'
import { holdStartTimeouts } from './heldStartTimeouts.ts'
import { misbehavingServer } from './mcpTestServers.ts'

// Real servers that start slowly (only once a file exists) or die at start; the retries' timers
// are the test's own, so a retry happens when the test fires it, never after a sleep. The only
// real wait is a short start timeout a server is sure to pass (its file does not exist yet).
let dir: string
let mcp: McpTools | undefined
const pending: { run: () => void; delayMs: number; cancelled: boolean }[] = []
const timer: RetryTimer = (run, delayMs) => {
  const entry = { run, delayMs, cancelled: false }
  pending.push(entry)
  return () => {
    entry.cancelled = true
  }
}
const waiting = () => pending.filter((entry) => !entry.cancelled)
// Fires the one retry waiting (there is never more than one per server).
const fire = () => {
  const [entry, ...more] = waiting()
  expect(entry).toBeDefined()
  expect(more).toEqual([])
  ;(entry as { cancelled: boolean }).cancelled = true
  entry?.run()
}
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-start-'))
  pending.length = 0
})
afterEach(async () => {
  await mcp?.close()
  mcp = undefined
  await rm(dir, { recursive: true, force: true })
})

const slow = (gate: string, extra: object = {}) =>
  misbehavingServer({ trusted: true, env: { START_WHEN: join(dir, gate) }, ...extra })

it('a start timeout set in mcp.json is honoured, longer or shorter than the default', async () => {
  const ended: McpStartEnded[] = []
  mcp = await createMcpTools(
    {
      version: 1,
      servers: {
        quick: slow('never', { startTimeoutMs: 250 }),
        patient: slow('patient', { startTimeoutMs: 60_000 }),
      },
    },
    {
      // The default is long for `quick` and short for `patient`: each keeps its own.
      startTimeoutMs: 250,
      retry: { timer },
      onStartEnded: (end) => {
        ended.push(end)
        // `patient` becomes ready only after `quick` gave up: past the default, within its own.
        if (end.server === 'quick') void writeFile(join(dir, 'patient'), '')
      },
    },
  )
  const [quick, patient] = mcp.servers()
  expect(quick).toMatchObject({ state: 'failed', tools: [] })
  expect(quick?.error).toMatch(/^did not start within 250 ms/)
  expect(patient?.state).toBe('connected')
  expect(patient?.tools.map((t) => t.name)).toContain('patient__echo')
  expect(ended.map((end) => [end.server, end.ok])).toEqual([
    ['quick', false],
    ['patient', true],
  ])
})

// Long enough for a fresh server to start beside a busy neighbour on both cores (the retry must);
// the first try never waits it out: the test fires its timer (see holdStartTimeouts).
const startTimeoutMs = 41_000

it('a server past its start timeout is tried again, and its tools appear', async () => {
  const held = holdStartTimeouts(startTimeoutMs)
  let starting: Promise<McpTools>
  try {
    starting = createMcpTools(
      { version: 1, servers: { slow: slow('ready', { startTimeoutMs }) } },
      { retry: { timer } },
    )
    // The server waits for its file, so it cannot have answered: it is past its start timeout.
    await held.fire()
  } finally {
    held.release()
  }
  mcp = await starting
  expect(mcp.servers()[0]).toMatchObject({ state: 'failed', tools: [] })
  expect(mcp.servers()[0]?.error).toMatch(/^did not start within 41000 ms/)
  expect(mcp.tools()).toEqual([])
  await writeFile(join(dir, 'ready'), '')
  const changed = new Promise<void>((resolve) => mcp?.onChange(resolve))
  fire()
  await changed
  expect(mcp.servers()[0]?.state).toBe('connected')
  expect(mcp.tools().map((t) => t.name)).toContain('slow__echo')
  expect(waiting()).toEqual([])
})

// A server that dies at once while the file `refuse` exists.
const refusing = () =>
  misbehavingServer({ trusted: true, env: { REFUSE_START_IF: join(dir, 'refuse') } })

it('each failed try waits twice as long for the next, up to the cap, one timer at a time', async () => {
  await writeFile(join(dir, 'refuse'), '')
  const ended: McpStartEnded[] = []
  const next = () =>
    new Promise<McpStartEnded>((resolve) => {
      const before = ended.length
      listeners.push(() => ended.length > before && resolve(ended.at(-1) as McpStartEnded))
    })
  const listeners: (() => void)[] = []
  mcp = await createMcpTools(
    { version: 1, servers: { flaky: refusing() } },
    {
      retry: { timer, firstDelayMs: 1_000, maxDelayMs: 4_000 },
      onStartEnded: (end) => {
        ended.push(end)
        for (const listener of listeners.splice(0)) listener()
      },
    },
  )
  for (let i = 0; i < 3; i++) {
    const done = next()
    fire()
    await done
  }
  expect(ended.map((end) => (end.ok ? 'ok' : end.retryInMs))).toEqual([1_000, 2_000, 4_000, 4_000])
  expect(ended.at(-1)).toMatchObject({
    attempt: 4,
    error: expect.stringMatching(/refusing to start/),
  })
  expect(waiting()).toHaveLength(1)
  // It can start now: the next try connects, its tools appear, and whoever listens is told.
  await rm(join(dir, 'refuse'))
  const changed = new Promise<void>((resolve) => mcp?.onChange(resolve))
  fire()
  await changed
  expect(mcp.servers()[0]?.state).toBe('connected')
  expect(mcp.tools().map((t) => t.name)).toContain('flaky__echo')
  expect(ended.at(-1)).toMatchObject({ ok: true, attempt: 5 })
  expect(waiting()).toEqual([])
})

it('retry() tries a failed server at once, without waiting for its backoff', async () => {
  await writeFile(join(dir, 'refuse'), '')
  mcp = await createMcpTools({ version: 1, servers: { flaky: refusing() } }, { retry: { timer } })
  expect(mcp.servers()[0]?.state).toBe('failed')
  await rm(join(dir, 'refuse'))
  await mcp.retry('flaky')
  expect(mcp.servers()[0]?.state).toBe('connected')
  // The backoff's own timer was let go: no second start waits.
  expect(waiting()).toEqual([])
})

it('a server that dies at start is reported by its error, not by Node frame around it', async () => {
  mcp = await createMcpTools(
    {
      version: 1,
      servers: { notes: misbehavingServer({ env: { CRASH_WITHOUT_STACK: '1' } }) },
    },
    { retry: { timer } },
  )
  const { error } = mcp.servers()[0] ?? {}
  expect(error).toContain(
    "stderr: misbehaving: opening the notes database | Error: ENOENT: no such file or directory, open '/nowhere/notes.db'",
  )
  expect(error).not.toMatch(/triggerUncaughtException|Node\.js v|errno/)
})
