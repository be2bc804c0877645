import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRunCodeTool } from '../../tools/studypulse/runCode.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { idsAndToolNames } from '../helpers/plainWords.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

// For code that ends by itself: no time limit it could reach on a busy machine (the test's own
// time-out would name a hang).
const roomy = { timeoutMs: 20_000 }
const context = (sourcePaths: string[] = []) => ({
  workspace: ws,
  now: new Date(),
  sourcePaths,
  signal: new AbortController().signal,
  generateId: () => 'x',
})

describe('run_code', () => {
  it('is an execute tool whose preview counts the lines and names the inputs', () => {
    const tools = new ToolRegistry([createRunCodeTool()])
    const prepared = tools.prepare('c', 'run_code', {
      code: 'const a = 1\na + 1\n',
      inputs: ['lecture-2.md'],
    })
    expect(prepared.permission).toBe('execute')
    // Issue #48: what it does in a student's words, a source by the title the panel shows.
    expect(prepared.preview).toBe(
      'Work something out from “Lecture 2” (2 lines of code that can change nothing)',
    )
    // A sum the code names (as the planner writes it) is said in words (issue #48).
    const sum = tools.prepare('c2', 'run_code', { code: '// 15% of 80\n80 * 15 / 100' })
    expect(sum.preview).toBe('Work out 15% of 80 (2 lines of code that can change nothing)')
    const count = tools.prepare('c3', 'run_code', {
      code: "// the words in both\n(inputs['lecture-2.md'] + inputs['notes/krebs_cycle.txt']).length",
      inputs: ['lecture-2.md', 'notes/krebs_cycle.txt'],
    })
    expect(count.preview).toBe(
      'Work out the words in both from “Lecture 2” and “Krebs cycle” (2 lines of code that can change nothing)',
    )
    for (const call of [prepared, sum, count]) expect(idsAndToolNames(call.preview)).toEqual([])
  })

  it.each([
    [{ code: '   ' }, 'code must not be blank'],
    [{ code: '1', inputs: ['a.md', 'a.md'] }, 'inputs must not name a source twice'],
    [{ code: '1', inputs: ['../secret.md'] }, '".."'],
    [{ code: '1', inputs: ['/etc/passwd'] }, 'absolute'],
    [{ code: '1', extra: true }, 'extra'],
  ])('refuses %j before any card', (args, reason) => {
    const tools = new ToolRegistry([createRunCodeTool()])
    expect(() => tools.prepare('c', 'run_code', args)).toThrow(
      expect.objectContaining({
        code: 'invalid_arguments',
        message: expect.stringContaining(reason),
      }),
    )
  })

  it('enforces the limits it was made with', async () => {
    // The output limit gets all the time it could want: on a loaded machine 300 ms of wall clock
    // can pass before the first print, and the time limit would win (seen on a busy CI).
    const printing = new ToolRegistry([createRunCodeTool({ maxOutputBytes: 10, ...roomy })])
    const printed = printing.prepare('c', 'run_code', { code: 'console.log("0123456789abcdef")' })
    expect(await printing.execute(printed, context())).toEqual({
      ok: false,
      error: {
        code: 'output_limit',
        message: 'the code printed more than 10 bytes',
        details: { output: '0123456789' },
      },
    })
    // A loop never ends on its own, so a short limit stops it however busy the machine is.
    const tools = new ToolRegistry([createRunCodeTool({ timeoutMs: 300 })])
    const looped = tools.prepare('c', 'run_code', { code: 'for (;;) {}' })
    expect(await tools.execute(looped, context())).toMatchObject({
      ok: false,
      error: { code: 'execution_timeout' },
    })
  })

  it('reads inputs only from the notebook, and an input named __proto__ stays a plain key', async () => {
    await writeFile(join(ws.sourcesDir, '__proto__'), 'sneaky')
    await writeFile(join(ws.sourcesDir, 'notes.md'), 'plain')
    const tools = new ToolRegistry([createRunCodeTool(roomy)])
    const prepared = tools.prepare('c', 'run_code', {
      code: '[Object.keys(inputs), inputs["__proto__"], Object.getPrototypeOf(inputs) === Object.prototype]',
      inputs: ['__proto__', 'notes.md'],
    })
    expect(await tools.execute(prepared, context(['__proto__', 'notes.md']))).toEqual({
      ok: true,
      data: { output: '', value: [['__proto__', 'notes.md'], 'sneaky', true] },
    })
    expect(await tools.execute(prepared, context(['notes.md']))).toMatchObject({
      ok: false,
      error: { code: 'source_not_allowed' },
    })
  })
})
