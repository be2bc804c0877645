import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { generateText, type ModelMessage, tool } from 'ai'
import { z } from 'zod'
import type { Contender } from '../lib/Contender.ts'
import { check } from '../lib/check.ts'
import type { TaskStore } from '../lib/TaskStore.ts'
import { callArguments, workload } from '../lib/workload.ts'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A scripted model written against the LanguageModel v4 spec `ai@7` requires. */
const scriptedModel: LanguageModelV4 = {
  specificationVersion: 'v4',
  provider: 'bench',
  modelId: 'scripted',
  supportedUrls: {},
  async doGenerate(options: LanguageModelV4CallOptions) {
    const last = options.prompt.at(-1)
    if (last?.role === 'tool') {
      return {
        content: [{ type: 'text', text: workload.finalText }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }
    }
    return {
      content: [
        {
          type: 'tool-call',
          toolCallId: workload.callId,
          toolName: workload.toolName,
          input: callArguments,
        },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    }
  },
  doStream() {
    throw new Error('the benchmark model does not stream')
  },
}

/** The Vercel AI SDK (v7): `generateText` with `toolApproval`, resumed with an approval response. */
export async function aiSdk(store: TaskStore): Promise<Contender> {
  // Silence the SDK's console warnings; they would only add noise to the timing.
  ;(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false
  const tools = {
    [workload.toolName]: tool({
      description: workload.toolDescription,
      inputSchema: z.strictObject({ title: z.string().min(1).max(500) }),
      execute: async ({ title }) => store.add(title),
    }),
  }
  const toolApproval = { [workload.toolName]: 'user-approval' as const }
  return {
    name: 'ai-sdk',
    async start() {
      const messages: ModelMessage[] = [{ role: 'user', content: workload.userInput }]
      const first = await generateText({ model: scriptedModel, tools, toolApproval, messages })
      const request = first.content.find((part) => part.type === 'tool-approval-request')
      check(request !== undefined, 'ai-sdk: no approval request')
      messages.push(...first.responseMessages)
      return {
        async approve() {
          messages.push({
            role: 'tool',
            content: [
              { type: 'tool-approval-response', approvalId: request.approvalId, approved: true },
            ],
          })
          const second = await generateText({ model: scriptedModel, tools, toolApproval, messages })
          return second.text
        },
      }
    },
  }
}
