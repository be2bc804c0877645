import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decideBrowserOpening } from '../../app/browserOpening.ts'
import { openBrowser } from '../../app/openBrowser.ts'
import { startRuntime } from '../../app/startRuntime.ts'
import { bannerLines, developerFromEnv, storeLine } from '../../app/startupBanner.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { idsAndToolNames } from '../helpers/plainWords.ts'
import { freshDatabase } from '../helpers/postgres.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))

describe('npm start opens the browser only where a person sits at a desktop', () => {
  const decide = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv, argv: string[] = []) =>
    decideBrowserOpening({ platform, env, argv })

  it('opens on macOS and Windows, and on Linux with a display', () => {
    expect(decide('darwin', {})).toEqual({ open: true, command: 'open', args: [] })
    expect(decide('win32', {})).toEqual({ open: true, command: 'cmd', args: ['/c', 'start', '""'] })
    expect(decide('linux', { DISPLAY: ':0' })).toEqual({
      open: true,
      command: 'xdg-open',
      args: [],
    })
    expect(decide('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toMatchObject({ open: true })
    expect(decide('freebsd', { DISPLAY: ':0' })).toMatchObject({ open: true, command: 'xdg-open' })
  })

  it('does not open without a desktop, in CI, under tests or over SSH', () => {
    expect(decide('linux', {})).toEqual({
      open: false,
      reason: 'no desktop: DISPLAY and WAYLAND_DISPLAY are unset',
    })
    expect(decide('linux', { DISPLAY: '' })).toMatchObject({ open: false })
    expect(decide('darwin', { CI: 'true' })).toEqual({ open: false, reason: 'running in CI' })
    expect(decide('linux', { DISPLAY: ':0', CI: '1' })).toMatchObject({ open: false })
    expect(decide('darwin', { VITEST: 'true' })).toEqual({
      open: false,
      reason: 'running under tests',
    })
    expect(decide('win32', { NODE_ENV: 'test' })).toMatchObject({ open: false })
    expect(decide('darwin', { SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 50000' })).toEqual({
      open: false,
      reason: 'running over SSH',
    })
    // CI=false is a machine that says it is not CI.
    expect(decide('darwin', { CI: 'false' })).toMatchObject({ open: true })
    // X forwarding over SSH brings a display: the browser opens there.
    expect(decide('linux', { SSH_TTY: '/dev/pts/1', DISPLAY: 'localhost:10.0' })).toMatchObject({
      open: true,
    })
  })

  it('--no-open and STUDYPULSE_OPEN=0 turn it off', () => {
    expect(decide('darwin', {}, ['--no-open'])).toEqual({ open: false, reason: '--no-open' })
    for (const value of ['0', 'false', 'no', 'OFF'])
      expect(decide('darwin', { STUDYPULSE_OPEN: value })).toEqual({
        open: false,
        reason: `STUDYPULSE_OPEN=${value}`,
      })
    expect(decide('darwin', { STUDYPULSE_OPEN: '1' })).toMatchObject({ open: true })
  })

  it('openBrowser starts the command with the URL, and says why when it cannot', async () => {
    // Node stands in for the platform's opener: a real process, and nothing is opened.
    const failures: string[] = []
    const exited = new Promise<void>((resolve) => {
      void openBrowser(
        'http://127.0.0.1:4317',
        {
          command: process.execPath,
          args: ['-e', 'process.exit(process.argv[1] === "http://127.0.0.1:4317" ? 3 : 0)'],
        },
        (message) => {
          failures.push(message)
          resolve()
        },
      ).then((started) => expect(started).toEqual({ ok: true }))
    })
    await exited
    expect(failures).toEqual([`${process.execPath} exited with code 3`])
    expect(
      await openBrowser('http://127.0.0.1:4317', { command: 'no-such-opener-here', args: [] }),
    ).toEqual({
      ok: false,
      message: expect.stringMatching(/^no-such-opener-here could not start: .*ENOENT/),
    })
  })
})

describe('the banner names the store actually in use', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studypulse-banner-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }))

  const start = (env: NodeJS.ProcessEnv = {}) =>
    startRuntime({
      model: new OfflinePlanner(),
      env: { STUDYPULSE_WORKSPACE: join(dir, 'ws'), ...env },
      log: () => {},
    })

  it('the workspace folder: files, and no database named', async () => {
    const started = await start()
    expect(started.store).toEqual({ kind: 'files', folder: started.workspace.root })
    expect(storeLine(started.store)).toBe(
      '  runs, tasks, memory and notebooks in studypulse.db in the workspace folder, notes and sources in its files (STUDYPULSE_DATABASE_URL would keep them in PostgreSQL)',
    )
    await started.runtime.close()
  })

  it('STUDYPULSE_DATABASE_URL: PostgreSQL, its server and database, the workspace id, and where sources stay', async () => {
    const db = await freshDatabase()
    const started = await start({ STUDYPULSE_DATABASE_URL: db.url, STUDYPULSE_WORKSPACE_ID: 'bio' })
    const { hostname: host, port } = new URL(db.url)
    expect(started.store).toEqual({
      kind: 'postgresql',
      location: `postgresql://${host}:${port}/${db.name}`,
      workspaceId: 'bio',
      sourcesDir: started.workspace.sourcesDir,
    })
    const line = storeLine(started.store)
    expect(line).toContain(`PostgreSQL postgresql://${host}:${port}/${db.name}, workspace "bio"`)
    // The password in the URL is never printed.
    expect(line).not.toContain(decodeURIComponent(new URL(db.url).password))
    await started.runtime.close()
  })

  it('npm start prints the model on its first line, then the address, workspace and store, and with --no-open opens nothing', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repo, 'app/main.ts'), '--no-open'],
      {
        cwd: repo,
        env: {
          ...process.env,
          PORT: '0',
          STUDYPULSE_WORKSPACE: join(dir, 'ws'),
          STUDYPULSE_MODEL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    const done = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        if (/in your browser \(not opened: --no-open\)\n/.test(stdout)) resolve()
      })
      child.on('error', reject)
      child.on('exit', (code) => reject(new Error(`npm start exited (${code}): ${stdout}`)))
    })
    try {
      await done
    } finally {
      child.kill('SIGTERM')
    }
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('StudyPulse · answers come from the offline planner, on this computer')
    const body = lines.filter((line) => !/build|out of date/.test(line))
    expect(body[1]).toMatch(/^ {2}running at http:\/\/127\.0\.0\.1:\d+: only this computer/)
    expect(body[2]).toMatch(/^ {2}workspace: .*ws {2}· {2}notebook: Biology 101$/)
    expect(body[3]).toBe('  your work is kept in the workspace folder')
    // Only what a student can act on: no variables, files or trace settings (issue #48).
    expect(idsAndToolNames(stdout.replace(/ {2}workspace: .*\n/, ''))).toEqual([])
    expect(lines.at(-1)).toMatch(
      /^ {2}open http:\/\/127\.0\.0\.1:\d+ in your browser \(not opened: --no-open\)$/,
    )
  }, 120_000)
})

describe('the banner speaks to a student, and to a developer only when asked (issue #48)', () => {
  const store = { kind: 'files', folder: '/tmp/ws' } as const
  const facts = {
    model: 'offline-planner',
    store,
    tracing: undefined,
    confirmationTimeout: '30 minutes',
  }

  it('a student reads what they can act on, in words', () => {
    const lines = bannerLines(facts, false)
    expect(lines).toEqual([
      'StudyPulse · answers come from the offline planner, on this computer',
      '  your work is kept in the workspace folder',
      '  a card waits 30 minutes for your answer',
    ])
    expect(idsAndToolNames(lines.join('\n'))).toEqual([])
  })

  it('STUDYPULSE_DEVELOPER=1: the variables and files too', () => {
    expect(developerFromEnv({ STUDYPULSE_DEVELOPER: '1' })).toBe(true)
    expect(developerFromEnv({})).toBe(false)
    const lines = bannerLines(facts, true).join('\n')
    for (const words of [
      'model: offline-planner',
      'STUDYPULSE_DATABASE_URL',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    ])
      expect(lines).toContain(words)
  })
})

describe('the banner names restored runs by what was asked, never by id (#40, 4)', () => {
  it('lists up to three first messages and counts the rest', async () => {
    const { restoredLine } = await import('../../app/startupBanner.ts')
    const asked: Record<string, string> = {
      '6ff883c4-0000-4000-8000-000000000001': 'add a task to review chapter 3 by Friday',
      '6ff883c4-0000-4000-8000-000000000002': 'remember that I study best in the morning',
      '6ff883c4-0000-4000-8000-000000000003': 'plan my week',
      '6ff883c4-0000-4000-8000-000000000004': 'delete the task essay',
    }
    const runtime = {
      view: (id: string) =>
        ({ events: [{ kind: 'userMessage', text: asked[id] }] }) as unknown as ReturnType<
          import('../../runtime/AgentRuntime.ts').AgentRuntime['view']
        >,
    }
    const line = restoredLine(runtime, Object.keys(asked))
    expect(line).toBe(
      '  restored 4 unfinished conversations: “add a task to review chapter 3 by Friday”, “remember that I study best in the morning”, “plan my week” and 1 more (open them in the page)',
    )
    expect(line).not.toMatch(/6ff883c4/)
  })
})

describe('numbers and dates as people read them (one rule each)', () => {
  it('rounds results, keeps whole numbers, and writes days one way', async () => {
    const { numberText, roundNumbersIn } = await import('../../vocabulary/numberText.ts')
    const { dayText } = await import('../../vocabulary/humanTime.ts')
    expect(numberText(82.66666666666667)).toBe('82.67')
    expect(numberText(12)).toBe('12')
    expect(numberText(0.000123456)).toBe('0.00012')
    expect(roundNumbersIn('[82.66666666666667, 1.5, 3]')).toBe('[82.67, 1.5, 3]')
    expect(dayText('2026-12-04')).toBe('Fri 4 Dec 2026')
  })
})
