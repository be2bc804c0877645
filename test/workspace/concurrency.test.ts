import { spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Task } from '../../workspace/schemas.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { withWorkspaceLock } from '../../workspace/withWorkspaceLock.ts'
import { nodeScript } from '../helpers/nodeScript.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()

function task(id: string): Task {
  const now = '2026-01-01T00:00:00.000Z'
  return { id, title: `Task ${id}`, done: false, createdAt: now, updatedAt: now }
}

describe('serialized writes', () => {
  it('100 concurrent upserts on one Workspace keep all 100 tasks', async () => {
    const ws = await Workspace.create(await tempDir())
    await Promise.all(Array.from({ length: 100 }, (_, i) => ws.upsertTask(task(`t${i}`))))
    const ids = (await ws.readTasks()).map((t) => t.id)
    expect(ids).toHaveLength(100)
    expect(new Set(ids).size).toBe(100)
  })

  it('two Workspace objects on the same folder, 50 upserts each, keep all 100', async () => {
    const dir = await tempDir()
    await Workspace.create(dir)
    const [a, b] = await Promise.all([Workspace.open(dir), Workspace.open(dir)])
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => [
        a.upsertTask(task(`a${i}`)),
        b.upsertTask(task(`b${i}`)),
      ]).flat(),
    )
    expect(await a.readTasks()).toHaveLength(100)
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('mixed concurrent memory, notebook and task writes all land', async () => {
    const ws = await Workspace.create(await tempDir())
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => ws.appendMemory(`fact ${i}`)),
      ...Array.from({ length: 20 }, (_, i) => ws.createNotebook(`Notebook ${i}`, [])),
      ...Array.from({ length: 20 }, (_, i) => ws.upsertTask(task(`t${i}`))),
      ...Array.from({ length: 10 }, (_, i) => ws.deleteTask(`t${i}`)),
    ])
    expect(await ws.readMemory()).toHaveLength(20)
    expect(await ws.readNotebooks()).toHaveLength(20)
    expect(await ws.readTasks()).toHaveLength(10)
  })

  it('withWorkspaceLock runs calls for one root one at a time, even after a failure', async () => {
    const order: string[] = []
    const root = await tempDir()
    const slow = (label: string, fail = false) =>
      withWorkspaceLock(root, async () => {
        order.push(`${label}:start`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        order.push(`${label}:end`)
        if (fail) throw new Error('boom')
        return label
      })
    const results = await Promise.allSettled([slow('a'), slow('b', true), slow('c')])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end'])
  })

  it('two processes writing one workspace at once keep every task (the lock holds across processes)', async () => {
    const dir = await tempDir()
    await Workspace.create(dir)
    const writer = (prefix: string) =>
      new Promise<number | null>((done) => {
        const child = spawn(
          process.execPath,
          [...nodeScript(join(import.meta.dirname, 'concurrentWriter.ts')), dir, prefix, '40'],
          { stdio: ['ignore', 'ignore', 'inherit'] },
        )
        child.on('exit', done)
      })
    expect(await Promise.all([writer('a'), writer('b')])).toEqual([0, 0])
    const ids = (await (await Workspace.open(dir)).readTasks()).map((t) => t.id)
    expect(ids).toHaveLength(80)
    expect(new Set(ids).size).toBe(80)
  })
})
