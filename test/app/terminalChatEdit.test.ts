import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runTerminalChat } from '../../app/runTerminalChat.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(async () => {
  await dispose()
})

// The prompts the chat waits at; a line is typed only once one of them is fully written.
const prompts = ['you › ', '[y/N] ', 'JSON › ']

/** Runs the real terminal loop over streams, typing each line at the next prompt; returns what it wrote. */
async function chat(model: ScriptedModel, lines: string[]): Promise<string> {
  const runtime = makeRuntime(model, ws)
  const input = new PassThrough()
  const output = new PassThrough()
  const queue = [...lines]
  let written = ''
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8')
    if (!prompts.some((prompt) => written.endsWith(prompt))) return
    const line = queue.shift()
    setImmediate(() => (line === undefined ? input.end() : input.write(`${line}\n`)))
  })
  await runTerminalChat({ runtime, input, output })
  await runtime.flush()
  return written
}

function createTask(title: string): ScriptedModel {
  return new ScriptedModel([
    {
      toolCalls: [{ id: 'c1', name: 'create_task', arguments: JSON.stringify({ title }) }],
    },
    { text: 'Done.' },
  ])
}

describe('editing a card in the terminal chat', () => {
  it('offers e, shows the arguments, and asks again about the new card, which is what runs', async () => {
    const written = await chat(createTask('Read chapter 3'), [
      'add a task',
      'e',
      '{"title":"Read chapter 4"}',
      'y',
    ])
    expect(written).toContain('e edits')
    expect(written).toContain('{"title":"Read chapter 3"}')
    // The new card is shown (its headline names the edited title) and asked about again.
    const afterEdit = written.slice(written.indexOf('JSON › '))
    expect(afterEdit).toContain('Read chapter 4')
    expect(afterEdit).toContain('Allow once?')
    expect((await ws.readTasks()).map((task) => task.title)).toEqual(['Read chapter 4'])
  })

  it('says why an edit is refused and keeps the card as it was', async () => {
    const written = await chat(createTask('Read chapter 3'), [
      'add a task',
      'e',
      '{"title":',
      'e',
      '',
      'y',
    ])
    expect(written).toMatch(/! the edit was not made: .*not valid/)
    expect((await ws.readTasks()).map((task) => task.title)).toEqual(['Read chapter 3'])
  })

  it('a plain n still denies, and nothing is written', async () => {
    const written = await chat(createTask('Read chapter 3'), ['add a task', 'n'])
    expect(written).toContain('  denied\n')
    expect(await ws.readTasks()).toEqual([])
  })
})
