import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { typeIntoChat } from '../helpers/terminalChat.ts'

let runtime: AgentRuntime | undefined
let dispose: () => Promise<void> = async () => {}
afterEach(async () => {
  await runtime?.flush()
  await dispose()
  runtime = undefined
})

/** The terminal chat over a model that proposes one task; each line typed when a prompt asks. */
async function chat(lines: string[], resume?: string[]) {
  if (runtime === undefined) {
    const temp = await tempWorkspace()
    dispose = temp.dispose
    const model = new ScriptedModel((request) =>
      request.messages.at(-1)?.role === 'tool'
        ? { text: 'ok' }
        : {
            toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Read chapter 9"}' }],
          },
    )
    runtime = makeRuntime(model, temp.ws)
  }
  return typeIntoChat(runtime, lines, { resume })
}

// Issue #48 (6): the terminal a student uses every day.
describe('the terminal chat’s /help and /quit', () => {
  it('/help at the prompt lists the commands in words, not "I didn’t catch that"', async () => {
    const written = await chat(['/help'])
    expect(written).toContain('/tasks  your tasks')
    expect(written).toContain('/quit   leave')
    // Nothing was sent to the model: no run started, no card.
    expect(written).not.toContain('Allow once?')
  })

  it('/help while a card waits says what the answers do and asks again', async () => {
    const written = await chat(['add it', '/help', 'y'])
    expect(written).toContain('y allows this once; n or Enter does not')
    expect(written.match(/Allow once\?/g)).toHaveLength(2)
    expect(written).toContain('allowed once')
  })

  it('/quit while a card waits is no No: the card still waits, and is asked again next time', async () => {
    const written = await chat(['add it', '/quit'])
    expect(written).toContain('left unanswered')
    expect(written).not.toContain('  denied')
    const run = runtime as AgentRuntime
    const [runId] = run.runIds()
    const open = run.view(runId as string)
    expect(open.value).toBe('awaitingConfirmation')
    expect(open.events.some((e) => e.kind === 'toolFailed')).toBe(false)

    const again = await chat(['y'], [runId as string])
    expect(again).toContain('still waiting from last time')
    expect(again).toContain('allowed once')
  })
})
