// A card the host's rules require to be signed, answered through the AI SDK's `toolApproval`: a
// plain approval in the conversation is not `approved` (the AI SDK would run the tool), says why
// (the signature code's message, naming the page), and leaves the card open for a signed answer.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createAiSdkApprovals } from '../../ai-sdk.ts'

const toolCall = { toolCallId: 'signed-call-1', toolName: 'create_task', input: { title: 'Read' } }

describe('toolApproval on a card that must be signed', () => {
  it('answers a plain approval as denied, and the card stays open', async () => {
    const approvals = createAiSdkApprovals({
      tools: {
        create_task: { permission: 'write', parameters: z.strictObject({ title: z.string() }) },
      },
      approvalRules: { version: 1, rules: [{ levels: ['write'], signed: true }] },
    })
    const approve = approvals.toolApproval({ by: { id: 'alice', name: 'Alice' } })
    const asked = await approve({ toolCall, messages: [{ role: 'user', content: 'add a task' }] })
    expect(asked.type).toBe('user-approval')
    const messages = [
      { role: 'user', content: 'add a task' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', ...toolCall },
          { type: 'tool-approval-request', approvalId: 'a1', toolCallId: toolCall.toolCallId },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: 'a1', approved: true }],
      },
    ]
    const answered = await approve({ toolCall, messages })
    expect(answered).toEqual({ type: 'denied', reason: expect.stringContaining('signed approval') })
    // The card still waits (for the page's signed answer): nothing was decided.
    const [runId] = approvals.runtime.runIds()
    expect(approvals.runtime.view(runId as string).pending).toBeDefined()
    await approvals.close()
  })
})
