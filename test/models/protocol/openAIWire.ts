/** Builders for OpenAI Chat Completions wire data, shaped as the API sends it. */

/** One streamed tool-call fragment. */
export interface ToolFragment {
  index: number
  id?: string
  name?: string
  arguments?: string
}

const created = 1_764_493_200

// The fields every `chat.completion.chunk` of one answer repeats.
const chunkHead = {
  id: 'chatcmpl-test',
  object: 'chat.completion.chunk',
  created,
  model: 'gpt-4o-mini-2024-07-18',
  system_fingerprint: 'fp_test',
}

/** One `chat.completion.chunk`. */
export function openAIChunk(
  delta: { role?: 'assistant'; content?: string; tool_calls?: ToolFragment[] },
  finishReason: string | null = null,
): object {
  const toolCalls = delta.tool_calls?.map((fragment) => ({
    index: fragment.index,
    ...(fragment.id !== undefined && { id: fragment.id, type: 'function' }),
    function: {
      ...(fragment.name !== undefined && { name: fragment.name }),
      arguments: fragment.arguments ?? '',
    },
  }))
  return {
    ...chunkHead,
    choices: [
      {
        index: 0,
        delta: {
          ...(delta.role !== undefined && { role: delta.role }),
          ...(delta.content !== undefined && { content: delta.content }),
          ...(toolCalls !== undefined && { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
  }
}

/** An SSE body: one `data:` line per chunk, then `data: [DONE]`. */
export function openAISse(chunks: readonly object[]): string {
  return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`
}

/** A streamed text-only answer, one chunk per piece. */
export function openAITextStream(pieces: readonly string[]): string {
  return openAISse([
    openAIChunk({ role: 'assistant', content: '' }),
    ...pieces.map((content) => openAIChunk({ content })),
    openAIChunk({}, 'stop'),
  ])
}

/** A non-streamed `chat.completion`. */
export function openAICompletion(message: {
  content: string | null
  tool_calls?: Array<{ id: string; name: string; arguments: string }>
}): object {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: message.content,
          refusal: null,
          ...(message.tool_calls && {
            tool_calls: message.tool_calls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            })),
          }),
        },
        logprobs: null,
        finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  }
}

/** An OpenAI error body. */
export function openAIError(message: string, type: string, code: string | null = null): object {
  return { error: { message, type, param: null, code } }
}

/** The last chunk of a stream that asked for `stream_options.include_usage`: no choices, the token counts. */
export function openAIUsageChunk(usage: Record<string, unknown>): object {
  return { ...chunkHead, choices: [], usage }
}
