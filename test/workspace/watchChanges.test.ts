import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import type { WorkspaceChange } from '../../workspace/WorkspaceChange.ts'
import { storedTask } from '../helpers/studyFixtures.ts'
import { otherProcess } from './otherProcess.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()

/** Everything a workspace tells its watchers, and the unsubscribe. */
function listen(workspace: StudyWorkspace) {
  const heard: WorkspaceChange[] = []
  const stop = workspace.watchChanges?.((change) => heard.push(change))
  if (stop === undefined) throw new Error('this workspace cannot be watched')
  const parts = () => heard.flatMap((c) => c.parts)
  return { heard, parts, stop }
}

describe('the folder workspace tells its watchers what changed, whoever wrote it', () => {
  test("its own writes: each part as it is written, one change for one write's many file events", async () => {
    const ws = await Workspace.create(await tempDir())
    const { heard, parts, stop } = listen(ws)
    await ws.upsertTask(storedTask('a'))
    await vi.waitFor(() => expect(heard).toEqual([{ parts: ['tasks'] }]))
    await ws.appendMemory('I study best in the morning')
    await vi.waitFor(() => expect(parts()).toContain('memory'))
    await ws.saveArtifact('Exam plan', '- cells first')
    await vi.waitFor(() => expect(parts()).toContain('notes'))
    await ws.createNotebook('Chemistry', ['chem.md'])
    await vi.waitFor(() => expect(parts()).toContain('notebooks'))
    expect(heard.map((c) => c.parts)).toEqual([['tasks'], ['memory'], ['notes'], ['notebooks']])
    stop()
  })

  test('another process adding a task is heard as tasks; files that are not the study data are not', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    const { heard, stop } = listen(ws)
    // Run logs and the audit log live in the folder too: they are not the panel's business.
    await appendFile(join(dir, 'audit.jsonl'), '{"line":1}\n')
    await writeFile(join(dir, 'runs', 'index.jsonl'), '')
    await writeFile(join(dir, 'artifacts', '.exam.md.0123456789ab.tmp'), 'half a write')
    expect(await otherProcess(dir, 'add-task', 'from-chat', 'Review chapter 3')).toBe(true)
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0))
    expect(heard[0]).toEqual({ parts: ['tasks'] })
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Review chapter 3'])
    stop()
    // Stopped: a later write reaches no one (a second watcher hears it, the first does not).
    const later = listen(ws)
    await ws.appendMemory('after the stop')
    await vi.waitFor(() => expect(later.heard).toEqual([{ parts: ['memory'] }]))
    expect(heard.flatMap((c) => c.parts)).toEqual(['tasks'])
    later.stop()
  })
})

describe('the memory workspace tells its watchers of its writes', () => {
  test('each kind of write, versioned ones only when they land', async () => {
    const ws = new MemoryWorkspace()
    const { heard, stop } = listen(ws)
    await ws.upsertTask(storedTask('a'))
    await vi.waitFor(() => expect(heard).toEqual([{ parts: ['tasks'] }]))
    const refused = await ws.updateTaskAt({ ...storedTask('a'), done: true }, 'not-the-version')
    expect(refused.ok).toBe(false)
    await ws.saveArtifact('Plan', 'text')
    await ws.appendMemory('remember this')
    await vi.waitFor(() => expect(heard).toHaveLength(2))
    expect(heard[1]).toEqual({ parts: ['memory', 'notes'] })
    stop()
  })
})
