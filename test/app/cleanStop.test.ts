import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sqliteFileName } from '../../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { storedAudit, storedRows } from '../helpers/sqliteFolder.ts'

// A clean stop closes the database, so SQLite checkpoints its WAL into studypulse.db: if the
// -wal and -shm files are then lost (another program, a sync tool), nothing is lost with them.
const repo = fileURLToPath(new URL('../..', import.meta.url))
let dir: string
let ws: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-clean-stop-'))
  ws = join(dir, 'ws')
  await Workspace.openOrCreate(ws, { samples: true })
})
const children: ChildProcessWithoutNullStreams[] = []
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

function launch(script: string, args: string[] = []): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, script), ...args], {
    cwd: repo,
    env: { ...process.env, PORT: '0', STUDYPULSE_WORKSPACE: ws, STUDYPULSE_MODEL: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  children.push(child)
  const said = { out: '', err: '', read: 0 }
  outputs.set(child, said)
  child.stdout.on('data', (chunk: Buffer) => {
    said.out += chunk
  })
  child.stderr.on('data', (chunk: Buffer) => {
    said.err += chunk
  })
  return child
}

// Each wait ends on its own before the test's bound, naming what it waited for and what the
// child said, so a hang (seen once in a full run beside CPU hogs) says where it was.
const stepMs = 120_000
const outputs = new WeakMap<
  ChildProcessWithoutNullStreams,
  { out: string; err: string; read: number }
>()

/**
 * Reads the child's output until `pattern` appears (or the child exits first: a failure). It reads
 * on from where the last wait's match ended: a slow child prints its whole banner in one chunk, and
 * a wait that began after that chunk must still find its line in it.
 */
function waitFor(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  const said = outputs.get(child) ?? { out: '', err: '', read: 0 }
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(deadline)
      child.stdout.off('data', onData)
      child.off('exit', onExit)
    }
    const look = () => {
      const found = pattern.exec(said.out.slice(said.read))
      if (found === null) return false
      said.read += found.index + found[0].length
      done()
      resolve(found[0])
      return true
    }
    // launch() keeps every chunk in said.out (its listener runs first); this one only looks.
    const onData = () => {
      look()
    }
    const onExit = (code: number | null) => {
      done()
      reject(new Error(`exited (${code}) before ${pattern}: ${said.out}\n${said.err}`))
    }
    const deadline = setTimeout(() => {
      done()
      reject(new Error(`no ${pattern} within ${stepMs} ms: ${said.out}\n${said.err}`))
    }, stepMs)
    child.stdout.on('data', onData)
    child.once('exit', onExit)
    look()
  })
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve, reject) => {
    if (child.exitCode !== null) return resolve(child.exitCode)
    const said = outputs.get(child)
    const deadline = setTimeout(
      () => reject(new Error(`no exit within ${stepMs} ms: ${said?.out}\n${said?.err}`)),
      stepMs,
    )
    child.once('exit', (code) => {
      clearTimeout(deadline)
      resolve(code)
    })
  })

/** Loses the WAL and shared-memory files, as a sync tool or another program could. */
function loseWalFiles(): void {
  for (const suffix of ['-wal', '-shm']) {
    const file = join(ws, `${sqliteFileName}${suffix}`)
    if (existsSync(file)) rmSync(file)
  }
}

function httpJson(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = ''
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

describe('a clean stop closes the database: losing -wal and -shm afterwards loses nothing', () => {
  it('the terminal chat: a task allowed at a card, then /quit; its run and audit line are in studypulse.db itself', async () => {
    const chat = launch('app/chat.ts')
    // The banner's hint says the edit as it is: field by field.
    await waitFor(chat, /at a card: y allows once, e edits it field by field;[\s\S]*you › $/)
    chat.stdin.write('add a task to review chapter 3 by Friday\n')
    await waitFor(chat, /Allow once\? \(e edits it field by field\) \[y\/N\] $/)
    chat.stdin.write('y\n')
    await waitFor(chat, /you › $/)
    chat.stdin.write('/quit\n')
    expect(await exited(chat)).toBe(0)
    loseWalFiles()
    const audit = storedAudit(ws)
    expect(audit.map((line) => line.toolName)).toEqual(['create_task'])
    expect(storedRows(ws, 'SELECT count(*) FROM runs WHERE snapshot IS NOT NULL')).toEqual([[1]])
  }, 120_000)

  it('npm start: a run made over HTTP, then SIGTERM; the run is in studypulse.db itself', async () => {
    const app = launch('app/main.ts', ['--no-open'])
    const url = (await waitFor(app, /running at http:\/\/127\.0\.0\.1:\d+/)).replace(
      'running at ',
      '',
    )
    await waitFor(app, /in your browser \(not opened: --no-open\)\n/)
    const host = new URL(url).host
    const page = await httpJson(`${url}/`, 'GET', { host })
    const token = /name="studypulse-token" content="([^"]+)"/.exec(page.text)?.[1] ?? ''
    const started = await httpJson(
      `${url}/api/runs`,
      'POST',
      { host, origin: url, 'content-type': 'application/json', 'x-studypulse-token': token },
      { input: 'what are my tasks' },
    )
    expect(started.status).toBe(201)
    const { runId } = JSON.parse(started.text) as { runId: string }
    app.kill('SIGTERM')
    expect(await exited(app)).toBe(0)
    loseWalFiles()
    expect(storedRows(ws, 'SELECT run_id FROM runs WHERE snapshot IS NOT NULL')).toEqual([[runId]])
  }, 180_000)
})
