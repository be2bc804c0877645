import { spawn } from 'node:child_process'
import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { exportRecords } from '../../../workspace/sqlite/exportRecords.ts'
import { closeFolderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../../workspace/sqlite/SqliteWorkspace.ts'
import { undoContext } from '../../tools/undo/undoSetups.ts'
import { makeTempDirs } from '../tempDir.ts'

// test/fixtures/records-v1.md: made by the code before the records moved into studypulse.db.
const fixture = fileURLToPath(new URL('../../fixtures/records-v1', import.meta.url))
const tempDir = makeTempDirs()
const opened: string[] = []
afterEach(() => {
  for (const root of opened.splice(0)) closeFolderDatabase(root)
})

async function copied(): Promise<string> {
  const dir = await tempDir()
  await cp(fixture, dir, { recursive: true })
  opened.push(dir)
  return dir
}

const tools = createToolRegistry()
async function undo(ws: SqliteWorkspace, changeId: string) {
  const prepared = tools.prepare('u1', 'undo_change', { changeId })
  const card = await tools.describe(prepared, ws)
  return tools.execute(prepared, undoContext(ws, card.target?.version ?? null))
}

describe('a folder written by the older code is imported on first open', () => {
  it('tasks, memory, notebooks and kept changes become rows, once; the files are kept aside byte for byte', async () => {
    const dir = await copied()
    const before = await readFile(join(dir, 'tasks.json'), 'utf8')
    const ws = SqliteWorkspace.open(dir)
    expect(ws.found).toEqual([
      expect.stringMatching(
        /^imported the workspace's records \(3 tasks, 1 memory entry, 1 notebook, 7 kept changes\) into studypulse\.db; the files are kept in \.records-imported\/.+\/$/,
      ),
    ])
    expect((await ws.readTasks()).map((t) => [t.title, t.done])).toEqual([
      ['Essay draft', true],
      ['Read chapter 3', false],
      ['Flashcards', false],
    ])
    expect((await ws.readMemory()).map((m) => m.text)).toEqual(['I study best in the morning'])
    expect((await ws.readNotebooks()).map((n) => n.title)).toEqual(['Biology 101'])
    const [aside] = await readdir(join(dir, '.records-imported'))
    const kept = join(dir, '.records-imported', aside as string)
    expect(await readFile(join(kept, 'tasks.json'), 'utf8')).toBe(before)
    expect((await readdir(join(kept, 'changes'))).length).toBe(7)
    for (const file of ['tasks.json', 'memory.json', 'notebooks.json', 'changes'])
      expect(await readdir(dir)).not.toContain(file)
    closeFolderDatabase(dir)
    // A second open imports nothing.
    expect(SqliteWorkspace.open(dir).found).toEqual([])
  })

  it('an imported kept change still undoes: the update, and the forgotten entry in its old place', async () => {
    const dir = await copied()
    const ws = SqliteWorkspace.open(dir)
    expect(await undo(ws, 'r1-12')).toMatchObject({ ok: true })
    expect((await ws.readTasks()).map((t) => [t.title, t.done])[0]).toEqual(['Essay draft', false])
    // It brought the entry back before the one that followed it then (the end of the list).
    await ws.appendMemory('Later entry')
    expect(await undo(ws, 'r1-20')).toMatchObject({ ok: true })
    expect((await ws.readMemory()).map((m) => m.text)).toEqual([
      'I study best in the morning',
      'Old note to forget',
      'Later entry',
    ])
    // Undone once only: the mark is a row too.
    expect(await undo(ws, 'r1-12')).toMatchObject({ ok: false, error: { code: 'already_undone' } })
  })

  it('a hand-edited tasks.json put back after the import is not read: it is named and moved aside', async () => {
    const dir = await copied()
    SqliteWorkspace.open(dir)
    closeFolderDatabase(dir)
    const edited = JSON.stringify({ version: 1, tasks: [] })
    await writeFile(join(dir, 'tasks.json'), edited)
    const ws = SqliteWorkspace.open(dir)
    expect(ws.found).toEqual([
      expect.stringMatching(
        /^tasks\.json: found after the records moved into studypulse\.db, not read \(npm run export writes a readable copy\); moved to \.records-imported\/.+\/$/,
      ),
    ])
    expect((await ws.readTasks()).length).toBe(3)
    const asides = await readdir(join(dir, '.records-imported'))
    const texts = await Promise.all(
      asides.map((a) => readFile(join(dir, '.records-imported', a, 'tasks.json'), 'utf8')),
    )
    expect(texts).toContain(edited)
  })

  it('a kept change naming a note outside the workspace is not imported, and named (#41 finding 4)', async () => {
    const dir = await copied()
    const planted = {
      version: 1,
      changeId: 'planted',
      tool: 'save_artifact',
      at: '2026-12-01T10:00:00.000Z',
      records: [{ kind: 'note', id: '../../outside/thesis', before: null, after: null }],
      patches: [],
      inversePatches: [{ op: 'remove', path: ['note', '../../outside/thesis'] }],
    }
    await writeFile(join(dir, 'changes', 'planted.json'), JSON.stringify(planted))
    const ws = SqliteWorkspace.open(dir)
    expect(ws.found).toContainEqual(
      expect.stringMatching(
        /^changes\/planted\.json: .*not imported \(that change cannot be undone\)$/,
      ),
    )
    expect(await ws.readChange('planted')).toBeUndefined()
  })
})

describe('npm run export: the readable copy', () => {
  it('writes the records in the older files’ formats; a hand edit of the copy changes nothing and the next export writes over it', async () => {
    const dir = await copied()
    const ws = SqliteWorkspace.open(dir)
    const into = join(dir, 'export')
    expect(await exportRecords(ws, into)).toEqual(['tasks.json', 'memory.json', 'notebooks.json'])
    const text = await readFile(join(into, 'tasks.json'), 'utf8')
    const exported = JSON.parse(text)
    expect(exported.version).toBe(1)
    expect(exported.tasks.map((t: { title: string }) => t.title)).toEqual([
      'Essay draft',
      'Read chapter 3',
      'Flashcards',
    ])
    await writeFile(join(into, 'tasks.json'), JSON.stringify({ version: 1, tasks: [] }))
    expect((await ws.readTasks()).length).toBe(3)
    await exportRecords(ws, into)
    expect(await readFile(join(into, 'tasks.json'), 'utf8')).toBe(text)
  })
})

describe('two processes opening an old folder at the same moment', () => {
  it('import it once: neither fails on a file the other moved, and nothing is reported found late', async () => {
    const repo = fileURLToPath(new URL('../../..', import.meta.url))
    // Each child loads everything, says "ready", then waits for the go file and opens at once:
    // the two opens start within a millisecond of each other.
    const open = (dir: string, go: string) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./workspace/sqlite/SqliteWorkspace.ts').then(async ({ SqliteWorkspace }) => {
             const { existsSync } = await import('node:fs')
             console.log('ready')
             while (!existsSync(process.argv[2])) {}
             const ws = SqliteWorkspace.open(process.argv[1])
             console.log(JSON.stringify({ found: ws.found, tasks: (await ws.readTasks()).length }))
           })`,
          dir,
          go,
        ],
        { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      let ready: () => void = () => {}
      const isReady = new Promise<void>((resolve) => {
        ready = resolve
      })
      child.stdout.on('data', (d) => {
        out += d
        if (out.includes('ready')) ready()
      })
      child.stderr.on('data', (d) => {
        out += d
      })
      const exit = new Promise<{ code: number | null; out: string }>((resolve) =>
        child.on('exit', (code) => {
          ready()
          resolve({ code, out })
        }),
      )
      return { isReady, exit }
    }
    // A few rounds: which of the two takes the lock first, and when, varies.
    for (let round = 0; round < 3; round++) {
      const dir = await copied()
      const tasks = JSON.parse(await readFile(join(dir, 'tasks.json'), 'utf8')).tasks.length
      const go = join(await tempDir(), 'go')
      const children = [open(dir, go), open(dir, go)]
      await Promise.all(children.map((c) => c.isReady))
      await writeFile(go, '')
      const both = await Promise.all(children.map((c) => c.exit))
      expect(
        both.map((b) => b.code),
        both.map((b) => b.out).join('\n'),
      ).toEqual([0, 0])
      const said = both.map((b) => JSON.parse(b.out.trim().split('\n').at(-1) ?? '{}'))
      expect(said.map((s) => s.tasks)).toEqual([tasks, tasks])
      const found = said.flatMap((s) => s.found as string[])
      expect(found.filter((line) => line.startsWith('imported'))).toHaveLength(1)
      expect(found.filter((line) => line.includes('found after'))).toEqual([])
      expect(await readdir(dir)).not.toContain('tasks.json')
    }
  }, 120_000)
})
