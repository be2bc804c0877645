import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeSamples } from '../../workspace/sampleWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()

describe('sample workspace', () => {
  it('openOrCreate with samples fills a new workspace', async () => {
    const ws = await Workspace.openOrCreate(join(await tempDir(), 'ws'), { samples: true })
    const [notebook, ...others] = await ws.readNotebooks()
    expect(others).toEqual([])
    expect(notebook).toMatchObject({
      title: 'Biology 101',
      sources: ['lecture-1.md', 'lecture-2.md', 'reading-notes.md'],
    })
    const tasks = await ws.readTasks()
    expect(tasks.map((t) => [t.title, t.importance, t.done])).toEqual([
      ['Review lecture 1 notes', 3, false],
      ['Make flashcards for the Krebs cycle', 2, false],
    ])
    expect((await ws.readMemory()).map((m) => m.text)).toEqual([
      'Prefers short study sessions of about 25 minutes',
    ])
    if (!notebook) throw new Error('no notebook')
    const lecture1 = await ws.readSource(notebook.sources, 'lecture-1.md')
    const lecture2 = await ws.readSource(notebook.sources, 'lecture-2.md')
    const notes = await ws.readSource(notebook.sources, 'reading-notes.md')
    if (!lecture1.ok || !lecture2.ok || !notes.ok) throw new Error('sample sources unreadable')
    for (const word of ['light reactions', 'Calvin cycle', 'Chlorophyll'])
      expect(lecture1.content).toContain(word)
    for (const word of ['Glycolysis', 'Krebs', 'Electron transport chain', 'ATP'])
      expect(lecture2.content).toContain(word)
    expect(notes.content).toContain('Photosynthesis')
    expect(lecture1.content.split('\n').length).toBeGreaterThanOrEqual(20)
    expect(lecture2.content.split('\n').length).toBeGreaterThanOrEqual(20)
  })

  it('a second openOrCreate opens without duplicating anything', async () => {
    const dir = join(await tempDir(), 'ws')
    await Workspace.openOrCreate(dir, { samples: true })
    const ws = await Workspace.openOrCreate(dir, { samples: true })
    expect(await ws.readNotebooks()).toHaveLength(1)
    expect(await ws.readTasks()).toHaveLength(2)
    expect(await ws.readMemory()).toHaveLength(1)
  })

  it('writeSamples itself skips what exists and never overwrites an edited source', async () => {
    const ws = await Workspace.openOrCreate(join(await tempDir(), 'ws'), { samples: true })
    await writeFile(join(ws.sourcesDir, 'lecture-1.md'), 'my own edits\n')
    await writeSamples(ws, ws.sourcesDir)
    expect(await ws.readNotebooks()).toHaveLength(1)
    expect(await ws.readTasks()).toHaveLength(2)
    expect(await ws.readMemory()).toHaveLength(1)
    expect(await readFile(join(ws.sourcesDir, 'lecture-1.md'), 'utf8')).toBe('my own edits\n')
  })

  it('without samples, a new workspace is empty', async () => {
    const ws = await Workspace.openOrCreate(join(await tempDir(), 'ws'))
    expect(await ws.readNotebooks()).toEqual([])
    expect(await ws.readTasks()).toEqual([])
  })
})
