import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { storedTask } from '../helpers/studyFixtures.ts'
import { otherProcess } from './otherProcess.ts'
import { makeTempDirs } from './tempDir.ts'
import { versionedWritesContract } from './versionedWritesContract.ts'

const tempDir = makeTempDirs()

versionedWritesContract('the folder Workspace', async () => Workspace.create(await tempDir()))
versionedWritesContract('MemoryWorkspace', async () => new MemoryWorkspace())

describe('the folder Workspace across processes', () => {
  it('a version another process moved is refused here, and nothing is written', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    await ws.upsertTask(storedTask('a', 'Review chapter 3'))
    const shown = (await ws.readTask('a'))?.version ?? ''
    expect(await otherProcess(dir, 'task-at', 'a', shown, 'Renamed elsewhere')).toBe(true)
    const here = await ws.updateTaskAt(storedTask('a', 'Review chapter 3', { done: true }), shown)
    expect(here).toMatchObject({ ok: false, code: 'target_changed' })
    expect((await ws.readTasks()).map((t) => [t.title, t.done])).toEqual([
      ['Renamed elsewhere', false],
    ])
  })

  it('four processes writing at one version at once: exactly one lands (the check holds under the lock)', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    await ws.upsertTask(storedTask('a'))
    const shown = (await ws.readTask('a'))?.version ?? ''
    const outcomes = await Promise.all(
      ['p0', 'p1', 'p2', 'p3'].map((title) => otherProcess(dir, 'task-at', 'a', shown, title)),
    )
    const winners = outcomes.flatMap((ok, i) => (ok ? [`p${i}`] : []))
    expect(winners).toHaveLength(1)
    expect((await ws.readTask('a'))?.value.title).toBe(winners[0])
  })

  it('files written before versions existed load, and get versions to write at', async () => {
    const dir = await tempDir()
    await cp(join(import.meta.dirname, '..', 'fixtures', 'workspace-v1'), dir, { recursive: true })
    const ws = await Workspace.open(dir)
    const [old] = await ws.readTasks()
    const shown = await ws.readTask(old?.id ?? '')
    expect(shown?.value).toEqual(old)
    const moved = await ws.updateTaskAt(
      { ...(old as NonNullable<typeof old>), done: true },
      shown?.version ?? '',
    )
    expect(moved).toMatchObject({ ok: true, value: { done: true } })
  })
})
