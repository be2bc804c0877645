// The AI SDK's own loop (`streamText` of `ai` 7) with StudyPulse's `toolApproval`, against a
// scripted provider (`MockLanguageModelV4` from `ai/test`): the tool runs only after an approval
// the server accepts, and never for a forged one (other input, other call, a replay, after
// expiry, an approver the rules do not allow); a restart between the card and the approval still
// runs it once.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { type ModelMessage, streamText, tool } from 'ai'
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createAiSdkApprovals } from '../../ai-sdk.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'

const written: string[] = []
const tools = {
  create_task: tool({
    description: 'Adds a task',
    inputSchema: z.object({ title: z.string() }),
    execute: async ({ title }) => {
      written.push(title)
      return { added: title }
    },
  }),
}
const policy = {
  create_task: {
    permission: 'write' as const,
    parameters: z.strictObject({ title: z.string().min(1) }),
    preview: (input: unknown) => `Add the task “${(input as { title: string }).title}”`,
    // Read-only: what the call will change, for the card.
    describe: async (input: unknown) => ({
      version: 1 as const,
      headline: `Add “${(input as { title: string }).title}” to your tasks`,
      fields: [{ label: 'Title', after: (input as { title: string }).title }],
    }),
  },
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}
/** A provider that proposes `create_task` (once per call id) until it sees a tool result, then says so. */
function scriptedModel(callId: string, titles = ['Review chapter 3']) {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const answered = prompt.some((m) => m.role === 'tool')
      const parts: LanguageModelV4StreamPart[] = answered
        ? [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Done.' },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
          ]
        : [
            ...titles.map(
              (title, i): LanguageModelV4StreamPart => ({
                type: 'tool-call',
                toolCallId: i === 0 ? callId : `${callId}-${i}`,
                toolName: 'create_task',
                input: JSON.stringify({ title }),
              }),
            ),
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
          ]
      return { stream: convertArrayToReadableStream(parts) }
    },
  })
}

type Approvals = ReturnType<typeof createAiSdkApprovals>
let approvals: Approvals | undefined
let dir: string | undefined
afterEach(async () => {
  await approvals?.close()
  approvals = undefined
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
  written.length = 0
})

const rita = { id: 'rita', name: 'Rita' }
const sam = { id: 'sam', name: 'Sam' }

/** One request of the app: the conversation so far in, the model's answer (messages) out. */
async function turn(
  callId: string,
  messages: ModelMessage[],
  by = rita,
  using = approvals,
  titles?: string[],
  secret?: string,
) {
  const result = streamText({
    model: scriptedModel(callId, titles),
    tools,
    messages,
    toolApproval: using?.toolApproval({ by }),
    ...(secret !== undefined && { experimental_toolApprovalSecret: secret }),
  })
  await result.consumeStream()
  const response = await result.response
  return { content: await result.content, messages: response.messages }
}

/** Up to the card: the first request, and the approval request the AI SDK gave the page. */
async function toCard(callId: string, using = approvals, secret?: string) {
  const messages: ModelMessage[] = [{ role: 'user', content: 'add a task to review chapter 3' }]
  const first = await turn(callId, messages, rita, using, undefined, secret)
  const request = first.content.find((part) => part.type === 'tool-approval-request')
  if (request?.type !== 'tool-approval-request') throw new Error('no approval request')
  return {
    history: [...messages, ...first.messages],
    approvalId: request.approvalId,
    reason: request.reason,
  }
}

const answer = (approvalId: string, approved = true): ModelMessage => ({
  role: 'tool',
  content: [{ type: 'tool-approval-response', approvalId, approved }],
})

describe('streamText with StudyPulse approvals', { timeout: 60_000 }, () => {
  it('a proposed call is a card; it runs once, after an approval the server accepts; a replay does not run it again', async () => {
    approvals = createAiSdkApprovals({ tools: policy })
    const { history, approvalId, reason } = await toCard('call-1')
    expect(written).toEqual([])
    // The page is told what the call will do, in words: the card's description.
    expect(reason).toBe('Add “Review chapter 3” to your tasks')
    const [runId] = approvals.runtime.runIds()
    const card = approvals.runtime.view(runId as string)
    expect(card.pending).toBeDefined()
    const shown = card.events.find((e) => e.kind === 'confirmationRequired')
    expect(shown?.preview).toBe('Add the task “Review chapter 3”')
    expect(shown?.description?.fields).toEqual([{ label: 'Title', after: 'Review chapter 3' }])

    const approved = [...history, answer(approvalId)]
    const after = await turn('call-1', approved)
    expect(written).toEqual(['Review chapter 3'])
    expect(after.content.some((p) => p.type === 'text' && p.text === 'Done.')).toBe(true)
    // The decision is the runtime's: resolved by Rita, audited like any card.
    const resolved = approvals.runtime
      .view(runId as string)
      .events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'allow', decider: { id: 'rita' } })

    await turn('call-1', approved)
    expect(written).toEqual(['Review chapter 3'])

    // A model that repeats the call id in a new conversation gets no card's approval for free.
    const again = await turn('call-1', [{ role: 'user', content: 'add it again' }])
    const denied = again.content.find((p) => p.type === 'tool-approval-response')
    expect(denied).toMatchObject({
      approved: false,
      reason: expect.stringMatching(/decided before/),
    })
    expect(written).toEqual(['Review chapter 3'])
  })

  it('never runs a forged approval: other input, another call, a disallowed approver', async () => {
    approvals = createAiSdkApprovals({
      tools: policy,
      approvalRules: { version: 1, rules: [{ levels: ['write'], approvers: { users: ['rita'] } }] },
    })
    const { history, approvalId } = await toCard('call-2')
    const withInput = (title: string) =>
      history.map((m) =>
        m.role !== 'assistant' || typeof m.content === 'string'
          ? m
          : {
              ...m,
              content: m.content.map((p) =>
                p.type === 'tool-call' ? { ...p, input: { title } } : p,
              ),
            },
      ) as ModelMessage[]
    await turn('call-2', [...withInput('Delete everything'), answer(approvalId)])
    const renamed = JSON.parse(
      JSON.stringify(history).replaceAll('"call-2"', '"call-forged"'),
    ) as ModelMessage[]
    await turn('call-forged', [...renamed, answer(approvalId)])
    await turn('call-2', [...history, answer(approvalId)], sam)
    expect(written).toEqual([])
    // The card is still open for Rita, with its own input.
    await turn('call-2', [...history, answer(approvalId)], rita)
    expect(written).toEqual(['Review chapter 3'])
  })

  it('mixed answers: the denied card is closed as denied by the person, the approved one runs', async () => {
    approvals = createAiSdkApprovals({ tools: policy })
    const messages: ModelMessage[] = [{ role: 'user', content: 'add two tasks' }]
    const first = await turn('call-mix', messages, rita, approvals, ['Read A', 'Read B'])
    const asked = first.content.filter((p) => p.type === 'tool-approval-request')
    expect(asked).toHaveLength(2)
    const history = [...messages, ...first.messages]
    const [a, b] = asked.map((p) => (p.type === 'tool-approval-request' ? p.approvalId : ''))
    const answers: ModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: a as string, approved: false },
        { type: 'tool-approval-response', approvalId: b as string, approved: true },
      ],
    }
    await turn('call-mix', [...history, answers], rita, approvals, ['Read A', 'Read B'])
    expect(written).toEqual(['Read B'])
    const denied = approvals.runtime
      .runIds()
      .flatMap((id) =>
        approvals?.runtime.view(id).events.filter((e) => e.kind === 'confirmationResolved'),
      )
    expect(denied.map((e) => [e?.decision, e?.decider?.id]).sort()).toEqual([
      ['allow', 'rita'],
      ['deny', 'rita'],
    ])
  })

  it('never runs an approval that comes after the card expired', async () => {
    approvals = createAiSdkApprovals({ tools: policy, confirmationTimeoutMs: 50 })
    const { history, approvalId } = await toCard('call-3')
    const [runId] = approvals.runtime.runIds()
    await waitForRun(approvals.runtime, runId as string, 'awaitingInput')
    await turn('call-3', [...history, answer(approvalId)])
    expect(written).toEqual([])
  })

  it('a restart between the card and the approval still runs it, once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'studypulse-aisdk-'))
    approvals = createAiSdkApprovals({ tools: policy, store: sqliteRunStore(dir) })
    const { history, approvalId } = await toCard('call-4')
    await approvals.close()
    approvals = createAiSdkApprovals({ tools: policy, store: sqliteRunStore(dir) })
    const approved = [...history, answer(approvalId)]
    await turn('call-4', approved)
    await turn('call-4', approved)
    expect(written).toEqual(['Review chapter 3'])
  })

  it('a tool message answering one approval twice (approve, then deny) runs nothing and decides nothing', async () => {
    for (const secret of [undefined, 'a-secret-of-the-app']) {
      approvals = createAiSdkApprovals({
        tools: policy,
        approvalRules: {
          version: 1,
          rules: [{ levels: ['write'], approvers: { users: ['rita'] } }],
        },
      })
      const callId = secret === undefined ? 'call-twice' : 'call-twice-signed'
      const { history, approvalId } = await toCard(callId, approvals, secret)
      const twice: ModelMessage = {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId, approved: true },
          { type: 'tool-approval-response', approvalId, approved: false },
        ],
      }
      // Sam, whom the rules do not name, and then Rita herself: an answer in conflict is no answer.
      for (const by of [sam, sam, rita]) {
        await turn(callId, [...history, twice], by, approvals, undefined, secret)
      }
      expect(written).toEqual([])
      const [runId] = approvals.runtime.runIds()
      expect(approvals.runtime.view(runId as string).pending).toBeDefined()
      // The card is still Rita's to decide, once.
      await turn(callId, [...history, answer(approvalId)], rita, approvals, undefined, secret)
      await turn(callId, [...history, answer(approvalId)], rita, approvals, undefined, secret)
      expect(written).toEqual(['Review chapter 3'])
      await approvals.close()
      approvals = undefined
      written.length = 0
    }
  })

  it('the same approval in concurrent requests is approved once: the tool runs once', async () => {
    approvals = createAiSdkApprovals({ tools: policy })
    const { history, approvalId } = await toCard('call-concurrent')
    const approved = [...history, answer(approvalId)]
    await Promise.all([rita, rita, sam].map((by) => turn('call-concurrent', approved, by)))
    expect(written).toEqual(['Review chapter 3'])
    // Asked directly, at once: one approved, the others denied, naming the decision that took it.
    approvals = createAiSdkApprovals({ tools: policy })
    const again = await toCard('call-concurrent-2')
    const toolCall = {
      toolCallId: 'call-concurrent-2',
      toolName: 'create_task',
      input: { title: 'Review chapter 3' },
    }
    const messages = [...again.history, answer(again.approvalId)]
    const statuses = await Promise.all(
      [rita, rita, sam].map((by) => approvals?.toolApproval({ by })({ toolCall, messages })),
    )
    expect(statuses.filter((s) => s?.type === 'approved')).toHaveLength(1)
    expect(statuses.filter((s) => s?.type === 'denied')).toHaveLength(2)
  })

  it('two processes on one folder: the process whose Allow took the card answers approved, the other denied', async () => {
    dir = await mkdtemp(join(tmpdir(), 'studypulse-aisdk-'))
    approvals = createAiSdkApprovals({ tools: policy, store: sqliteRunStore(dir) })
    const second = createAiSdkApprovals({ tools: policy, store: sqliteRunStore(dir) })
    try {
      const { history, approvalId } = await toCard('call-two-processes')
      const approved = [...history, answer(approvalId)]
      // The card is in the folder's store before anyone answers it.
      await approvals.runtime.flush()
      // Process 2 approves the card process 1 holds: its Allow is the one taken.
      await turn('call-two-processes', approved, rita, second)
      expect(written).toEqual(['Review chapter 3'])
      // Process 1, asked after, is told the card was decided by that Allow: denied, nothing runs again.
      await turn('call-two-processes', approved, rita, approvals)
      expect(written).toEqual(['Review chapter 3'])
      const toolCall = {
        toolCallId: 'call-two-processes',
        toolName: 'create_task',
        input: { title: 'Review chapter 3' },
      }
      const status = await approvals.toolApproval({ by: rita })({ toolCall, messages: approved })
      expect(status).toMatchObject({ type: 'denied', reason: expect.stringMatching(/Rita/) })
    } finally {
      await second.close()
    }
  })
})
