import { afterEach, describe, expect, it } from 'vitest'
import { formatEvent } from '../../app/formatEvent.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { chatOrDismissPrompt, type TypedLine, typeIntoChat } from '../helpers/terminalChat.ts'

let runtime: AgentRuntime | undefined
let dispose: () => Promise<void> = async () => {}
afterEach(async () => {
  await runtime?.flush()
  await dispose()
})

/** Runs the terminal chat, typing each line when a prompt asks for one; returns what it wrote. */
async function chat(lines: string[]): Promise<{ written: string; titles: string[] }> {
  const temp = await tempWorkspace()
  dispose = temp.dispose
  const model = new ScriptedModel((request) =>
    request.messages.at(-1)?.role === 'tool'
      ? { text: 'ok' }
      : { toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Read chapter 9"}' }] },
  )
  runtime = makeRuntime(model, temp.ws)
  const written = await typeIntoChat(runtime, lines)
  return { written, titles: (await temp.ws.readTasks()).map((t) => t.title) }
}

const completed = (extra: Partial<AgentEvent>): AgentEvent => ({
  runId: 'r',
  seq: 1,
  at: '2026-12-01T10:00:00.000Z',
  kind: 'toolCompleted',
  ...extra,
})

describe('undo in the terminal chat', () => {
  it('Done lines say how to undo a workspace change, that MCP calls cannot be, and nothing of a computation', () => {
    const change = completed({
      toolName: 'create_task',
      permission: 'write',
      payloadJson: '{"ok":true,"data":{"changeId":"ch-1"}}',
    })
    expect(formatEvent(change)).toBe('  ✓ done: Add a task (/undo takes back the latest change)')
    const code = completed({
      toolName: 'run_code',
      permission: 'execute',
      payloadJson: '{"ok":true,"data":{}}',
    })
    // Issue #48: code in the sandbox changed nothing; "cannot be undone" would say it did.
    expect(formatEvent(code)).toBe('  ✓ done: Run code in the sandbox')
    const mcp = completed({
      toolName: 'mcp__files__write_file',
      permission: 'write',
      permissionOrigin: {
        source: 'trusted_annotation',
        server: 'files',
        tool: 'write_file',
        text: 'claimed by server files (trusted)',
      },
      payloadJson: '{"ok":true,"data":{}}',
    })
    expect(formatEvent(mcp)).toMatch(/\(this cannot be undone\)$/)
  })

  it('/undo shows the undo card; denied, the task stays; /undo again and allowed, it is gone', async () => {
    const { written, titles } = await chat(['add it', 'y', '/undo', 'n', '/undo', 'y'])
    expect(written).toContain('✓ done: Add a task (/undo takes back the latest change)')
    expect(written.match(/Undo adding the task “Read chapter 9”: remove it/g)).toHaveLength(2)
    expect(titles).toEqual([])
  })

  it('/undo with nothing to undo says so and proposes nothing', async () => {
    const { written } = await chat(['/undo'])
    expect(written).toContain('nothing to undo here')
    expect(written).not.toContain('Allow once?')
  })
})

describe('a change undone already, in the terminal (#40, 4)', () => {
  it('its card asks nothing to allow, dismisses it saying why, and writes nothing', async () => {
    const temp = await tempWorkspace()
    dispose = temp.dispose
    const model = new ScriptedModel((request) =>
      request.messages.at(-1)?.role === 'tool'
        ? { text: 'ok' }
        : {
            toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Read chapter 9"}' }],
          },
    )
    const rt = makeRuntime(model, temp.ws)
    runtime = rt
    // The fifth line names the first change, undone by the third and fourth.
    const firstChange = () => {
      const done = rt.runIds().flatMap((id) => rt.view(id).events)
      const created = done.find((e) => e.kind === 'toolCompleted' && e.toolName === 'create_task')
      return JSON.parse(created?.payloadJson ?? '{}').data.changeId as string
    }
    const lines: TypedLine[] = ['add it', 'y', '/undo', 'y', () => `/undo ${firstChange()}`, '']
    const written = await typeIntoChat(rt, lines, { at: chatOrDismissPrompt })
    expect(written).toContain('Nothing to allow here; press Enter to dismiss it')
    expect(written).toContain(
      'dismissed: Adding the task “Read chapter 9” was undone already, so nothing would change.',
    )
    expect(written.match(/Allow once\?/g)).toHaveLength(2)
    expect(await temp.ws.readTasks()).toEqual([])
  })
})

describe('an undo in the terminal: its level agrees with what it does (#40, 4)', () => {
  it('undoing an add says it removes; undoing that undo says it only brings back', async () => {
    const { written } = await chat(['add it', 'y', '/undo', 'y', '/undo', 'n'])
    expect(written).toContain('  → Undo a change\n')
    expect(written).not.toMatch(/Undo a change \[/)
    expect(written).toContain(
      '[DESTRUCTIVE] removes or overwrites what that change made; undoing this undo makes it again',
    )
    expect(written).toContain(
      '[WRITE] brings back what that change removed; nothing is deleted or overwritten',
    )
  })
})
