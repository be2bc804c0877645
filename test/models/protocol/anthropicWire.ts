/** Builders for Anthropic Messages API wire data, shaped as the API sends it. */

const model = 'claude-sonnet-4-5'

/** A content block of a streamed answer: text in pieces, or a tool use with its input JSON in pieces. */
export type StreamBlock =
  | { text: string[] }
  | { toolUse: { id: string; name: string; json: string[] } }

/** The events of one streamed answer, from `message_start` to `message_stop`. */
export function anthropicEvents(blocks: readonly StreamBlock[]): object[] {
  const events: object[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_test',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 120, output_tokens: 1 },
      },
    },
  ]
  blocks.forEach((block, index) => {
    if ('text' in block) {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })
      if (index === 0) events.push({ type: 'ping' })
      for (const text of block.text) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })
      }
    } else {
      const { id, name, json } = block.toolUse
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name, input: {} },
      })
      for (const partial_json of ['', ...json]) {
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json },
        })
      }
    }
    events.push({ type: 'content_block_stop', index })
  })
  const usesTools = blocks.some((block) => 'toolUse' in block)
  events.push({
    type: 'message_delta',
    delta: { stop_reason: usesTools ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: 42 },
  })
  events.push({ type: 'message_stop' })
  return events
}

/** An SSE body: `event: <type>` and `data: <json>` for each event. */
export function anthropicSse(events: readonly object[]): string {
  return events
    .map(
      (event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`,
    )
    .join('')
}

/** A non-streamed `message`. */
export function anthropicMessage(content: object[]): object {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: content.some((block) => (block as { type: string }).type === 'tool_use')
      ? 'tool_use'
      : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 120, output_tokens: 42 },
  }
}

/** An Anthropic error body. */
export function anthropicError(type: string, message: string): object {
  return { type: 'error', error: { type, message } }
}
