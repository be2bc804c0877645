import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readDay } from '../../ui/core/readDay.ts'
import { Workspace } from '../../workspace/Workspace.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
let dir: string
let ws: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-pty-'))
  ws = join(dir, 'ws')
  await Workspace.openOrCreate(ws, { samples: true })
})
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }))

// The prompts the chat waits at: `you › `, a field's `… › `, a card's `[y/N] `.
const prompt = /(?: › |\[y\/N\] )$/

/**
 * Runs `npm run chat` in a real pseudo-terminal (util-linux `script`; node-pty is not installed),
 * typing each line at the next prompt as a person would, Enter as a carriage return. Resolves with
 * the screen's text once the chat exits.
 */
function chatInPty(lines: string[]): Promise<string> {
  const chat = `stty cols 200 rows 50; exec '${process.execPath}' --import tsx '${join(repo, 'app/chat.ts')}'`
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(
    'script',
    ['-q', '-e', '-c', chat, '/dev/null'],
    {
      cwd: repo,
      env: { ...process.env, STUDYPULSE_WORKSPACE: ws, STUDYPULSE_MODEL: '', TERM: 'xterm' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  const queue = [...lines]
  let screen = ''
  let typedAt = -1
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      // What the terminal shows once readline's cursor moves are taken out.
      screen += stripVTControlCharacters(chunk.toString('utf8')).replaceAll('\r', '')
      // One line per prompt: readline redraws a prompt, so only a prompt after the last line counts.
      if (!prompt.test(screen) || screen.length === typedAt) return
      typedAt = screen.length
      const line = queue.shift() ?? '/quit'
      child.stdin.write(`${line}\r`)
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(screen) : reject(new Error(`chat exited ${code}:\n${screen}`)),
    )
  })
}

describe('the terminal chat in a real pseudo-terminal: Edit asks field by field', () => {
  it('a day typed as "friday" is read as that Friday; a refused value is asked again with a plain reason', async () => {
    const screen = await chatInPty([
      'add a task to review chapter 3 by monday, importance 4',
      'e',
      '', // Title: kept
      '9', // Importance: refused, asked again
      '3',
      'friday', // Due
      '', // Notes
      'y',
      '/quit',
    ])
    expect(screen).toContain('  Title [Review chapter 3] › ')
    expect(screen).toContain('  Importance (a whole number, 1 to 5) [4] › 9')
    expect(screen).toContain('  ! Importance can be at most 5.')
    expect(screen).toMatch(
      / {2}Due \(a day: friday, next monday or 4 Dec\) \[Mon \d+ \w+ \d{4}\] › friday/,
    )
    expect(screen).not.toMatch(/Invalid ISO|invalid_|expected/)
    const friday = readDay('friday', new Date()) as string
    const [task] = (await (await Workspace.open(ws)).readTasks()).filter(
      (t) => t.title === 'Review chapter 3',
    )
    expect(task?.due).toBe(friday)
    expect(task?.importance).toBe(3)
    expect(new Date(`${friday}T12:00:00`).getDay()).toBe(5)
  })
})
