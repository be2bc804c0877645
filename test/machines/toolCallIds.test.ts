import { describe, expect, it } from 'vitest'
import type { AgentRunContext } from '../../machines/agentRunTypes.ts'
import { prepareNext, reportResult, stepUpdate } from '../../machines/runSteps.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'

const tools = createToolRegistry()
const at = new Date('2026-11-30T09:00:00.000Z')
const call = (id: string) => ({ id, name: 'create_task', arguments: '{"title":"Revise"}' })

function context(fields: Partial<AgentRunContext>): AgentRunContext {
  return {
    version: 2,
    runId: 'r1',
    maxTurns: 25,
    turns: 1,
    messages: [{ role: 'user', content: 'go' }],
    queue: [],
    retiredConfirmationIds: [],
    lastSeq: 0,
    ...fields,
  }
}

const prepared = (before: AgentRunContext) => prepareNext(before, tools).changes?.current
const reported = (before: AgentRunContext) => stepUpdate(before, reportResult(before), at)

describe('the ids of answered tool calls', () => {
  it('refuses an id already answered, and prepares a new one', () => {
    const answered = context({ queue: [call('c1')], toolCallIds: ['c1'] })
    expect(prepared(answered)?.result).toMatchObject({ error: { code: 'duplicate_call_id' } })
    expect(prepared(answered)?.prepared).toBeUndefined()
    const fresh = context({ queue: [call('c2')], toolCallIds: ['c1'] })
    expect(prepared(fresh)?.result).toBeUndefined()
    expect(prepared(fresh)?.prepared?.callId).toBe('c2')
  })

  it('reads them from the messages of a run saved before they were kept', () => {
    const saved = context({
      queue: [call('c1')],
      messages: [
        { role: 'user', content: 'go' },
        { role: 'tool', toolCallId: 'c1', name: 'create_task', content: '{"ok":true}' },
      ],
    })
    expect(prepared(saved)?.result).toMatchObject({ error: { code: 'duplicate_call_id' } })
  })

  it('are kept as each result is reported, in the log order', () => {
    const running = context({ current: { call: call('c2'), result: toolOk('done') } })
    const withOld = context({ ...running, toolCallIds: ['c1'] })
    expect(reported(withOld).toolCallIds).toEqual(['c1', 'c2'])
    expect(reported(running).toolCallIds).toEqual(['c2'])
    const update = reported(withOld)
    expect(update.logged?.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'statusChanged'],
      [2, 'toolCompleted'],
    ])
    expect(update.lastSeq).toBe(2)
    // The step makes new values; the context it read is unchanged.
    expect(withOld.toolCallIds).toEqual(['c1'])
  })
})
