import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { typeIntoChat } from '../helpers/terminalChat.ts'

let runtime: AgentRuntime
let ws: Workspace
let dispose: () => Promise<void>
beforeAll(async () => {
  const temp = await tempWorkspace()
  ws = temp.ws
  runtime = makeRuntime(new OfflinePlanner({ clock: () => new Date(2026, 11, 1, 10) }), ws)
  dispose = temp.dispose
})
afterAll(async () => {
  await runtime.flush()
  await dispose()
})

/** The terminal chat over the offline planner; each line typed when a prompt asks. */
const chat = (lines: string[]) => typeIntoChat(runtime, lines)

// Issue #51 (3): asked back, the terminal numbers the choices and a number sends that one.
describe('the terminal chat when the planner asks back', () => {
  it('numbers the choices; "3" sends the third one’s words, and its write still asks first', async () => {
    // "add it as a new task" stands for adding the thing named before, “the essay”.
    const written = await chat(['the essay', '3', 'y'])
    expect(written).toContain('What would you like me to do with that?')
    expect(written).toMatch(
      /1\. show my tasks\n2\. look it up in my notes\n3\. add it as a new task/,
    )
    expect(written).toContain('(type a number, 1–3, to choose)')
    expect(written).toContain('→ add it as a new task')
    // The choice is a request like any other: its task waits on a card, allowed here with "y".
    expect(written).toContain('Allow once?')
    expect((await ws.readTasks()).map((task) => task.title)).toEqual(['Essay'])
  })
})
