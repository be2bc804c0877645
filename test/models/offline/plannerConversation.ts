/** The offline planner talking to StudyPulse's real tools on a real (in-memory) workspace, every card allowed. */

import { createCoreToolRegistry } from '../../../tools/createCoreToolRegistry.ts'
import { ToolError } from '../../../tools/ToolError.ts'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import { type ToolResult, toolFailure } from '../../../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../../../workspace/MemoryWorkspace.ts'
import { clock, planner } from './plannerHarness.ts'

const at = '2026-11-20T09:00:00.000Z'

/** Six tasks, two memories and two notes: what a student's workspace might hold on Mon 30 Nov 2026. */
export async function studentWorkspace(): Promise<MemoryWorkspace> {
  let n = 0
  const ws = new MemoryWorkspace({ clock, generateId: () => `m${++n}` })
  const task = (id: string, title: string, extra: object = {}) =>
    ws.upsertTask({ id, title, done: false, createdAt: at, updatedAt: at, ...extra })
  await task('t1', 'Read chapter 1', { due: '2026-12-01' })
  await task('t2', 'Review chapter 3', { due: '2026-12-04', importance: 4 })
  await task('t3', 'Email the tutor', { done: true })
  await task('t4', 'Review lecture 1 notes', { due: '2026-12-02' })
  await task('t5', 'Essay on photosynthesis', { due: '2026-12-11', importance: 5 })
  await task('t6', 'Buy a calculator')
  await ws.appendMemory('I study best in the morning')
  await ws.appendMemory('My exam is on 15 January')
  await ws.saveArtifact(
    'Photosynthesis summary',
    'Light reactions make ATP\nThe Calvin cycle fixes carbon',
  )
  await ws.saveArtifact('Exam plan', 'Revise cells first')
  return ws
}

/** What a conversation did: every call proposed, in order, and the planner's closing text. */
export interface Conversation {
  calls: [string, unknown][]
  text: string
}

/** One user message, played to the end: each proposed call is prepared and run by the real tools. */
export async function converse(message: string): Promise<Conversation> {
  const ws = await studentWorkspace()
  const tools = createCoreToolRegistry()
  const messages: ChatMessage[] = [{ role: 'user', content: message }]
  const calls: [string, unknown][] = []
  for (let turn = 0; turn < 6; turn += 1) {
    const next = await planner.complete({
      messages,
      tools: tools.definitions(),
      signal: new AbortController().signal,
    })
    if (next.toolCalls === undefined || next.toolCalls.length === 0)
      return { calls, text: next.text ?? '' }
    messages.push({ role: 'assistant', content: next.text ?? '', toolCalls: next.toolCalls })
    for (const call of next.toolCalls) {
      calls.push([call.name, JSON.parse(call.arguments)])
      const result = await run(tools, ws, call.id, call.name, call.arguments)
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: JSON.stringify(result),
      })
    }
  }
  throw new Error(`the planner was still calling tools after six turns: ${message}`)
}

async function run(
  tools: ReturnType<typeof createCoreToolRegistry>,
  ws: MemoryWorkspace,
  id: string,
  name: string,
  args: string,
): Promise<ToolResult> {
  try {
    const prepared = tools.prepare(id, name, args)
    return await tools.execute(prepared, {
      workspace: ws,
      now: clock(),
      sourcePaths: [],
      signal: new AbortController().signal,
      generateId: () => `new-${id}`,
    })
  } catch (error) {
    if (error instanceof ToolError) return toolFailure(error.code, error.message)
    throw error
  }
}
