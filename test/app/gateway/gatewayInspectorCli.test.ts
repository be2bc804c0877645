import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { isEnded } from '../../../vocabulary/RunStatus.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { type AppHarness, pageGet, pagePost, startIn } from '../appHarness.ts'
import {
  countedLines,
  countingServer,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
  repo,
} from './gatewayHarness.ts'

// The MCP Inspector CLI (`@modelcontextprotocol/inspector-cli` 1.0.3, its published bin, on the
// MCP SDK 1.x: 2025-11-25) as the host, over stdio (it starts the gateway) and over HTTP (at the
// gateway's URL). It asks its person nothing, so each card waits on StudyPulse's page (the app on
// the gateway's workspace folder), which decides it through its HTTP API as the page does: Allow
// runs the upstream call once and the CLI prints its result; Deny prints `user_denied`; Ctrl-C on
// the CLI while its card waits closes the card (nothing runs then or later); a card nobody answers
// ends `confirmation_expired`. The upstream server counts the calls that really ran.
const cli = join(repo, 'node_modules/@modelcontextprotocol/inspector-cli/build/cli.js')
// The CLI reads its own package.json at `../package.json` from its working folder (else one
// level further up from its build), so it runs from a folder whose parent holds a package.json.
const cliCwd = join(repo, 'test')

let folder: GatewayFolder
let app: AppHarness
let started: StartedGateway
let http: GatewayHttp
const running = new Set<ChildProcess>()
const countFile = () => join(folder.dir, 'count.txt')
// Over HTTP one gateway's cards all wait this long: the page decides well within it.
const httpAskMs = 6_000
// Over stdio each CLI starts a gateway of its own: the cards to decide wait long, the others not.
const stdioAsk = { long: '120s', short: '3s' }

beforeAll(async () => {
  folder = await gatewayFolder((_files, dir) => ({
    version: 1,
    servers: { counting: countingServer(join(dir, 'count.txt')) },
  }))
  // The page's workspace is `<dir>/ws`: every gateway's here too.
  app = await startIn(folder.dir)
  started = await folderGateway(folder, {
    askTimeoutMs: httpAskMs,
  })
  http = await serveGatewayHttp(started.gateway, 0)
})
afterAll(async () => {
  // A CLI left by a failed test: its whole group (it, its client, a gateway it started).
  for (const child of running) {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
  }
  await http?.close()
  await started?.stop()
  await app?.dispose()
})

interface Printed {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** The CLI's output has all been read. */
  ended: Promise<unknown>
}

/**
 * `mcp-inspector-cli --cli <target> --method tools/call --tool-name counting__append --tool-arg
 * line=<line>`, as a person types it, in a process group of its own (so Ctrl-C reaches all of it).
 */
function inspector(
  target: string[],
  line: string,
): { child: ChildProcess; done: Promise<Printed> } {
  const call = ['--method', 'tools/call', '--tool-name', 'counting__append', '--tool-arg']
  const child = spawn(process.execPath, [cli, '--cli', ...target, ...call, `line=${line}`], {
    cwd: cliCwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  // Resolves at its exit. Its pipes may close later (the cancelled one's did not, in CI), so a
  // result not read in full by then is waited for (`result`).
  const done = once(child, 'exit').then(([code, signal]) => {
    running.delete(child)
    return {
      code,
      signal,
      get stdout() {
        return stdout
      },
      stderr,
      ended: child.stdout === null ? Promise.resolve() : once(child.stdout, 'end'),
    } as Printed
  })
  return { child, done }
}

/** Ctrl-C in the CLI's terminal: SIGINT to its whole process group. */
function interrupt(child: ChildProcess): void {
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT')
}

/** What the CLI printed: the call's result, as JSON. */
async function result(printed: Printed) {
  const parsed = () => {
    try {
      return JSON.parse(printed.stdout) as {
        isError?: boolean
        content?: { type: string; text?: string }[]
        structuredContent?: { ok?: boolean; error?: { code?: string } }
      }
    } catch {
      return undefined
    }
  }
  if (parsed() === undefined) await printed.ended
  const read = parsed()
  if (read === undefined) {
    throw new Error(`the CLI printed no result (exit ${printed.code}): ${printed.stderr}`)
  }
  return read
}

interface Card {
  runId: string
  confirmationId: string
  expiresAt: string
}

/** The card the page lists as waiting for the call that appends `line` (its arguments shown). */
async function waitingCard(line: string): Promise<Card | undefined> {
  const { runs } = (await pageGet(app, '/api/runs?limit=100')).json() as {
    runs: { runId: string; pending: boolean }[]
  }
  for (const { runId } of runs.filter((run) => run.pending)) {
    // Read as the page's server reads a run another process holds.
    await app.runtime.open(runId)
    const view = app.runtime.view(runId)
    const shown = view.events.findLast(
      (e) => e.kind === 'confirmationRequired' && e.confirmationId === view.pending?.confirmationId,
    )
    if (shown?.kind !== 'confirmationRequired' || view.pending === undefined) continue
    if ((JSON.parse(shown.payloadJson ?? '{}') as { line?: string }).line !== line) continue
    return { runId, confirmationId: view.pending.confirmationId, expiresAt: shown.expiresAt ?? '' }
  }
  return undefined
}

/** Resolves once `check` gives a value (the page's state is read again every 50 ms). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Resolves once the page shows the card of the call appending `line`. */
const cardOnPage = (line: string): Promise<Card> => until(() => waitingCard(line))

/** The page's decision for a card. */
function decide(card: Card, decision: 'allow' | 'deny') {
  return pagePost(app, `/api/runs/${card.runId}/confirmations`, {
    confirmationId: card.confirmationId,
    decision,
  })
}

/** Resolves once the run has ended, its log (in the folder's store) saying why. */
async function endedAs(runId: string, code: string): Promise<void> {
  const store = app.runtime.store
  if (store === undefined) throw new Error('the app has no store')
  await until(async () => {
    const saved = await store.peekRun(runId)
    if (!isEnded(saved?.value as string | undefined)) return undefined
    return JSON.stringify(await store.readEvents(runId)).includes(code) ? true : undefined
  })
}

/** How often the call appending `line` really ran upstream. */
async function ran(line: string): Promise<number> {
  const wanted = JSON.stringify({ line })
  return (await countedLines(countFile())).filter((counted) => counted === wanted).length
}

interface Face {
  name: string
  /** The CLI's target for a call whose card waits long (decided on the page) or not. */
  target(ask: 'long' | 'short'): string[]
  /** What the run's log says when the CLI is killed while its card waits. */
  closedAs: string
}

const faces: Face[] = [
  {
    name: 'stdio',
    // After `--`: the gateway's own options are not the Inspector's (it has a `--config` too).
    target: (ask) => [
      '--',
      process.execPath,
      ...nodeScript(join(repo, 'app/gateway/main.ts')),
      '--config',
      folder.config,
      '--workspace',
      folder.workspace,
      '--ask-timeout',
      stdioAsk[ask],
    ],
    // Ctrl-C reaches the gateway the CLI started: it closes its card as it stops.
    closedAs: 'interrupted',
  },
  {
    name: 'HTTP',
    target: () => [http.url],
    // The CLI's connection closes before the answer: the asker is gone.
    closedAs: 'asker_gone',
  },
]

describe.concurrent('the MCP Inspector CLI in front of the gateway', () => {
  for (const face of faces) {
    test(`over ${face.name}: allow, deny, cancel (Ctrl-C) and expire a gated call`, async ({
      expect,
    }) => {
      const line = (which: string) => `inspector ${face.name} ${which}`
      const allow = inspector(face.target('long'), line('allow'))
      const deny = inspector(face.target('long'), line('deny'))
      const cancel = inspector(face.target('short'), line('cancel'))

      // Cancel: Ctrl-C while the card waits. The expiring call starts only once the cancelled
      // card shows, so its deadline is the later one: its ending says the first one's has passed.
      const cancelled = await cardOnPage(line('cancel'))
      const expire = inspector(face.target('short'), line('expire'))
      interrupt(cancel.child)
      await endedAs(cancelled.runId, face.closedAs)
      // The card is closed: the page can no longer decide it.
      expect((await decide(cancelled, 'allow')).status).toBe(409)

      // Allow and Deny on the page.
      const [allowCard, denyCard] = await Promise.all([
        cardOnPage(line('allow')),
        cardOnPage(line('deny')),
      ])
      expect((await decide(allowCard, 'allow')).status).toBe(200)
      expect((await decide(denyCard, 'deny')).status).toBe(200)
      const allowed = await result(await allow.done)
      expect(allowed.isError, JSON.stringify(allowed)).toBeFalsy()
      expect(allowed.content).toEqual([{ type: 'text', text: 'appended' }])
      const denied = await result(await deny.done)
      expect(denied.isError).toBe(true)
      expect(denied.structuredContent).toMatchObject({
        ok: false,
        error: { code: 'user_denied' },
      })

      // Expire: nobody answers.
      const expired = await result(await expire.done)
      expect(expired.isError).toBe(true)
      expect(expired.structuredContent).toMatchObject({
        ok: false,
        error: { code: 'confirmation_expired' },
      })
      expect(Date.now()).toBeGreaterThan(Date.parse(cancelled.expiresAt))

      // Upstream: the allowed call ran once; the denied, cancelled and expired ones never.
      expect(await ran(line('allow'))).toBe(1)
      for (const which of ['deny', 'cancel', 'expire']) expect(await ran(line(which))).toBe(0)
    })
  }
})
