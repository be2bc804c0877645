import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeFolderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../../workspace/sqlite/SqliteWorkspace.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'

const child = fileURLToPath(new URL('./oneCommitChild.ts', import.meta.url))
let dir: string
let dispose: () => Promise<void>
beforeEach(async () => ({ dir, dispose } = await tempWorkspace()))
afterEach(() => dispose())

function run(...args: string[]): Promise<{ signal: string | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeScript(child), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let stdout = ''
    proc.stdout.on('data', (d) => {
      stdout += d
    })
    proc.on('error', reject)
    proc.on('exit', (_code, signal) => resolve({ signal, stdout }))
  })
}

// The tasks the folder holds right after the crash, read by a process of the test's own.
async function tasksNow(): Promise<string[]> {
  const titles = (await SqliteWorkspace.open(dir).readTasks()).map((task) => task.title)
  closeFolderDatabase(dir)
  return titles
}

describe('a SIGKILL at every point of the one-transaction path (folder default)', () => {
  it.each([
    ['before the commit', 'before', []],
    ['inside the commit', 'inside', []],
    ['after the commit', 'after', ['Essay']],
  ])(
    '%s: the task exists once or not at all, the card is decided once, one audit line',
    async (_, point, left) => {
      const crashed = await run('crash', dir, point)
      expect(crashed.signal).toBe('SIGKILL')
      expect(await tasksNow()).toEqual(left)
      const recovered = await run('recover', dir)
      const seen = JSON.parse(recovered.stdout.trim().split('\n').at(-1) as string)
      expect(seen).toMatchObject({
        restored: 1,
        tasks: ['Essay'],
        audit: [['call-1', 'completed']],
        outcomes: 1,
        decisions: 1,
      })
    },
    60_000,
  )
})
