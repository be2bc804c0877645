import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRuntime } from '../../app/startRuntime.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { closeFolderDatabase } from '../../workspace/sqlite/folderDatabase.ts'
import { Workspace } from '../../workspace/Workspace.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
let dir: string
let ws: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-startup-'))
  ws = join(dir, 'ws')
  await Workspace.openOrCreate(ws, { samples: true })
})
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }))

/** Runs the terminal chat as `npm run chat` does, with no input; resolves with its exit and output. */
function runChat(
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'app/chat.ts')], {
      cwd: repo,
      env: { ...process.env, STUDYPULSE_WORKSPACE: ws, STUDYPULSE_MODEL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => {
      stdout += d
    })
    child.stderr.on('data', (d) => {
      stderr += d
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

const start = () =>
  startRuntime({ model: new OfflinePlanner(), env: { STUDYPULSE_WORKSPACE: ws }, log: () => {} })

describe('damaged files at start-up are named; the app starts with what is sound', () => {
  it('a bad line in an old audit.jsonl is named and left out of the import; the file is kept aside and runs go on', async () => {
    const good = JSON.stringify({ kind: 'a' })
    const bytes = `${good}\n{not json\n${good}\n`
    await writeFile(join(ws, 'audit.jsonl'), bytes)
    const started = await start()
    expect(started.problems).toEqual([
      expect.stringMatching(/audit\.jsonl is damaged at line 2/),
      expect.stringMatching(/imported the folder store .*2 audit line/),
      expect.stringMatching(
        /imported the workspace's records \(2 tasks, 1 memory entry, 1 notebook/,
      ),
    ])
    expect(await started.runtime.store?.readAudit()).toEqual([{ kind: 'a' }, { kind: 'a' }])
    expect(await readFile(join(ws, '.folder-store-imported', 'audit.jsonl'), 'utf8')).toBe(bytes)
    const runId = started.runtime.startRun({ input: 'what are my tasks' })
    await waitForRun(started.runtime, runId, 'awaitingInput')
    await started.runtime.cancel(runId)
    await started.runtime.flush()
  })

  it('a bad notebooks.json is named on import and the app starts without a notebook; tasks.json and memory.json too', async () => {
    for (const file of ['notebooks.json', 'tasks.json', 'memory.json'])
      await writeFile(join(ws, file), '{"version": 1, "')
    const started = await start()
    expect(started.notebook).toBeUndefined()
    for (const file of ['notebooks.json', 'tasks.json', 'memory.json'])
      expect(
        started.problems.some(
          (line) =>
            line.startsWith(`${file}: it is not readable JSON`) &&
            line.endsWith('nothing of it imported'),
        ),
      ).toBe(true)
    // Nothing was rewritten: the damaged file is kept aside, byte for byte.
    const [aside] = await readdir(join(ws, '.records-imported'))
    expect(
      await readFile(join(ws, '.records-imported', aside as string, 'tasks.json'), 'utf8'),
    ).toBe('{"version": 1, "')
  })

  it('a tasks.json put back after the import is named by the next start, and moved aside (#50 finding 5)', async () => {
    const first = await start()
    await first.runtime.close()
    closeFolderDatabase(ws)
    const edited = JSON.stringify({ version: 1, tasks: [] })
    await writeFile(join(ws, 'tasks.json'), edited)
    const started = await start()
    try {
      expect(started.problems).toContainEqual(
        expect.stringMatching(
          /^tasks\.json: found after the records moved into studypulse\.db, not read .*moved to \.records-imported\//,
        ),
      )
      expect(await readdir(ws)).not.toContain('tasks.json')
      expect((await started.workspace.readTasks()).length).toBe(2)
    } finally {
      await started.runtime.close()
    }
  })

  it('a temp file left in artifacts/ by a killed save_artifact is swept at start-up', async () => {
    const temp = '.notes.md.0123456789ab.tmp'
    await writeFile(join(ws, 'artifacts', temp), 'half a note')
    const started = await start()
    expect(started.problems).toContain(
      `artifacts/${temp}: removed a temp file left by an interrupted write`,
    )
    expect(await readdir(join(ws, 'artifacts'))).not.toContain(temp)
  })

  it('the terminal chat with a bad notebooks.json and audit line starts, naming both', async () => {
    await writeFile(join(ws, 'notebooks.json'), '[')
    await writeFile(join(ws, 'audit.jsonl'), 'oops\n{}\n')
    const { code, stdout, stderr } = await runChat()
    expect(stderr).not.toMatch(/\n\s+at /)
    expect(code).toBe(0)
    expect(stdout).toContain('notebooks.json: it is not readable JSON')
    expect(stdout).toContain('audit.jsonl is damaged at line 1')
  }, 30_000)

  it('the terminal chat says where answers come from on its first line, and where work is kept', async () => {
    const student = await runChat({ STUDYPULSE_DEVELOPER: '' })
    expect(student.code).toBe(0)
    const said = student.stdout.split('\n')
    expect(said[0]).toBe('StudyPulse · answers come from the offline planner, on this computer')
    expect(said).toContain('  your work is kept in the workspace folder')
  }, 30_000)

  it('in developer mode the terminal chat names the model and the store in use', async () => {
    const { code, stdout } = await runChat({ STUDYPULSE_DEVELOPER: '1' })
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    expect(lines[0]).toBe('StudyPulse · model: offline-planner')
    expect(lines).toContain(
      '  runs, tasks, memory and notebooks in studypulse.db in the workspace folder, notes and sources in its files (STUDYPULSE_DATABASE_URL would keep them in PostgreSQL)',
    )
  }, 30_000)

  it('a corrupt studypulse.json stops the app with one line naming it, never a stack trace', async () => {
    await writeFile(join(ws, 'studypulse.json'), '{"format": "studypulse-workspace",')
    const { code, stdout, stderr } = await runChat()
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^studypulse: cannot start: studypulse\.json is corrupt/),
    ])
  }, 30_000)
})

describe('the first start on a new folder', () => {
  it('puts the sample in the database at once: no record files, nothing imported, nothing set aside', async () => {
    const fresh = join(dir, 'new')
    const started = await startRuntime({
      model: new OfflinePlanner(),
      env: { STUDYPULSE_WORKSPACE: fresh },
      log: () => {},
    })
    try {
      expect(started.problems).toEqual([])
      expect(started.notebook?.title).toBe('Biology 101')
      const records = await started.workspaces.of(undefined)
      expect((await records.workspace.readTasks()).map((t) => t.title)).toEqual([
        'Review lecture 1 notes',
        'Make flashcards for the Krebs cycle',
      ])
      const files = await readdir(fresh)
      expect(files).not.toContain('.records-imported')
      expect(files).not.toContain('tasks.json')
      expect(await readdir(join(fresh, 'sources'))).toHaveLength(3)
    } finally {
      await started.runtime.close()
    }
  })
})
