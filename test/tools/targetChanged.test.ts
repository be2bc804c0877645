import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { PostgresWorkspace } from '../../workspace/postgres/PostgresWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import type { Task } from '../../workspace/schemas.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { fileDatabase } from '../helpers/postgres.ts'
import { seedStudy, toolContext } from '../helpers/studyFixtures.ts'
import { otherProcess } from '../workspace/otherProcess.ts'
import { makeTempDirs } from '../workspace/tempDir.ts'

const tempDir = makeTempDirs()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** Whoever changes the workspace between the card and Allow. */
interface Elsewhere {
  renameTask(id: string, title: string): Promise<void>
  saveNote(title: string, content: string): Promise<void>
  forget(id: string): Promise<void>
}

type Setup = () => Promise<{ ws: StudyWorkspace; elsewhere: Elsewhere }>

const tools = createToolRegistry()

const setups: [string, Setup][] = [
  [
    'MemoryWorkspace, changed by another run',
    async () => {
      const ws = new MemoryWorkspace()
      // Another run: the same tools, allowed there, on the same workspace.
      const other = createToolRegistry()
      const run = async (name: string, args: object) => {
        expect(await other.execute(other.prepare('o', name, args), toolContext(ws))).toMatchObject({
          ok: true,
        })
      }
      return {
        ws,
        elsewhere: {
          renameTask: (id, title) => run('update_task', { id, title }),
          saveNote: (title, content) => run('save_artifact', { title, content }),
          forget: (id) => run('forget_memory', { id }),
        },
      }
    },
  ],
  [
    'the folder Workspace, changed by another process',
    async () => {
      const dir = await tempDir()
      const ws = await Workspace.create(dir)
      const landed = async (write: Promise<boolean>) => expect(await write).toBe(true)
      return {
        ws,
        elsewhere: {
          renameTask: async (id, title) =>
            landed(otherProcess(dir, 'task-at', id, (await ws.readTask(id))?.version ?? '', title)),
          saveNote: (title, content) => landed(otherProcess(dir, 'note', title, content)),
          forget: (id) => landed(otherProcess(dir, 'forget', id)),
        },
      }
    },
  ],
  [
    'PostgresWorkspace, changed by another node',
    async () => {
      const db = await fileDatabase()
      const workspaceId = randomUUID()
      const open = async () => {
        const node = await PostgresWorkspace.open(
          { connectionString: db.url },
          { workspaceId, sourcesDir: await tempDir() },
        )
        closers.push(() => node.close())
        return node
      }
      const [ws, node2] = [await open(), await open()]
      return {
        ws,
        elsewhere: {
          renameTask: async (id, title) => {
            const { value, version } = (await node2.readTask(id)) ?? {
              value: undefined,
              version: '',
            }
            expect((await node2.updateTaskAt({ ...value, title } as Task, version)).ok).toBe(true)
          },
          saveNote: async (title, content) => void (await node2.saveArtifact(title, content)),
          forget: async (id) => {
            const shown = (await node2.readMemoryEntry(id))?.version ?? ''
            expect((await node2.forgetMemoryAt(id, shown)).ok).toBe(true)
          },
        },
      }
    },
  ],
]

describe.each(setups)('%s', (_, setup) => {
  const snapshot = async (ws: StudyWorkspace) =>
    JSON.stringify([
      await ws.readTasks(),
      await ws.readMemory(),
      (await ws.listArtifacts()).map((a) => [a.name, a.content]),
    ])

  const calls: [
    string,
    (ws: StudyWorkspace) => Promise<object>,
    (ws: StudyWorkspace, e: Elsewhere) => Promise<void>,
  ][] = [
    [
      'update_task',
      async () => ({ id: 't1', done: true }),
      (_ws, e) => e.renameTask('t1', 'Essay (renamed elsewhere)'),
    ],
    [
      'delete_task',
      async () => ({ id: 't1', title: 'Essay' }),
      (_ws, e) => e.renameTask('t1', 'Something else entirely'),
    ],
    [
      'forget_memory',
      async (ws) => ({ id: (await ws.readMemory())[0]?.id }),
      async (ws, e) => e.forget((await ws.readMemory())[0]?.id ?? ''),
    ],
    [
      'save_artifact',
      async () => ({ title: 'Exam plan', content: 'From the card' }),
      (_ws, e) => e.saveNote('Exam plan', 'Edited elsewhere'),
    ],
  ]

  it.each(calls)(
    '%s: the target changed between card and Allow → nothing written, target_changed',
    async (name, args, change) => {
      const { ws, elsewhere } = await setup()
      await seedStudy(ws, 'Revise cells')
      const prepared = tools.prepare('c1', name, await args(ws))
      const shown = (await tools.describe(prepared, ws)).target?.version
      expect(shown).toEqual(expect.any(String))
      await change(ws, elsewhere)
      const afterElsewhere = await snapshot(ws)
      const result = await tools.execute(
        prepared,
        toolContext(ws, { expectedVersion: shown ?? null }),
      )
      expect(result).toMatchObject({ ok: false, error: { code: 'target_changed' } })
      expect(await snapshot(ws)).toBe(afterElsewhere)
    },
  )
})
