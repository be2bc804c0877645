import { afterEach, describe, expect, it, vi } from 'vitest'
import { offThreadPlanner, serverModel } from '../../app/offThreadPlanner.ts'
import type { ModelRequest } from '../../models/messages.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { maxMessageChars } from '../../vocabulary/messageLength.ts'

// The server's offline planner plans on a worker thread: a long turn (up to the message limit)
// never holds the event loop that serves everyone else, and its answers are the planner's own.
const clock = () => new Date('2026-12-02T10:00:00.000Z')
const tools = createToolRegistry().definitions()
const ask = (content: string): ModelRequest => ({
  messages: [{ role: 'user', content }],
  tools,
  signal: new AbortController().signal,
})

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const model of opened.splice(0)) await model.close()
})

describe('the offline planner off the main thread', () => {
  it('the server uses it for the offline planner, and any other model as it is', () => {
    const planner = serverModel(new OfflinePlanner())
    opened.push(planner as unknown as { close(): Promise<void> })
    expect(planner).not.toBeInstanceOf(OfflinePlanner)
    expect(planner.name).toBe('offline-planner')
    const other = new ScriptedModel([{ text: 'hi' }])
    expect(serverModel(other)).toBe(other)
  })

  it('answers as the planner does, with the main thread never planning', async () => {
    const inThread = vi.spyOn(OfflinePlanner.prototype, 'complete')
    const model = offThreadPlanner({ clock })
    opened.push(model)
    const messages = [
      'add a task to review chapter 3 by Friday, importance 4',
      'what do I have to do this week?',
      'remember that I study best in the morning',
    ]
    const answers = []
    for (const text of messages) answers.push(await model.complete(ask(text)))
    // Nothing was planned on this thread: every turn went to the worker.
    expect(inThread).not.toHaveBeenCalled()
    inThread.mockRestore()
    const planner = new OfflinePlanner({ clock })
    for (const [i, text] of messages.entries()) {
      expect(answers[i]).toEqual(await planner.complete(ask(text)))
    }
  })

  it('a turn of the longest message leaves the event loop free while it is planned', async () => {
    const model = offThreadPlanner({ clock })
    opened.push(model)
    const longest = `remind me to x by friday ${'friday '.repeat(2000)}`.slice(0, maxMessageChars)
    let answered = false
    const turn = model.complete(ask(longest)).then((answer) => {
      answered = true
      return answer
    })
    // The event loop turns while the worker plans (on the main thread, the planner's synchronous
    // work would run before any of these).
    let turns = 0
    while (!answered && turns < 3) {
      await new Promise((resolve) => setImmediate(resolve))
      turns += 1
    }
    expect(turns).toBe(3)
    expect(await turn).toBeDefined()
  })

  it('an aborted call is refused at once as model_aborted', async () => {
    const model = offThreadPlanner({ clock })
    opened.push(model)
    const controller = new AbortController()
    const turn = model.complete({ ...ask('what are my tasks'), signal: controller.signal })
    controller.abort()
    await expect(turn).rejects.toMatchObject({ code: 'model_aborted' })
    // The thread goes on serving.
    expect(await model.complete(ask('what are my tasks'))).toBeDefined()
  })
})
