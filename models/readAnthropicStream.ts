import type {
  RawContentBlockStartEvent,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages'
import type { ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'
import { anthropicInputTokens } from './fromAnthropicMessage.ts'
import { ModelError } from './ModelError.ts'
import { stringifyBounded } from './stringifyBounded.ts'
import { tokenUsage } from './tokenUsage.ts'

type Block =
  | { kind: 'text' }
  | { kind: 'thinking'; text: string }
  | { kind: 'tool'; id: string; name: string; json: string; input: unknown }
  | { kind: 'other' }

/**
 * Assembles a streamed Messages API answer into one turn: `text_delta`s go to `onTextDelta` as they
 * arrive, `input_json_delta`s and `thinking_delta`s are joined per block. A stream that ends before `message_stop` is a
 * broken turn and rejects, so no half tool call is ever returned.
 */
export async function readAnthropicStream(
  events: AsyncIterable<RawMessageStreamEvent>,
  name: string,
  onTextDelta?: (delta: string) => void,
): Promise<ModelTurn> {
  let text = ''
  let stopped = false
  // The input count comes with `message_start`; `message_delta` carries the output count so far.
  let inputTokens: unknown
  let outputTokens: unknown
  const blocks = new Map<number, Block>()
  for await (const event of events) {
    switch (event.type) {
      case 'message_start':
        inputTokens = anthropicInputTokens(event.message.usage)
        outputTokens = event.message.usage?.output_tokens
        break
      case 'message_delta':
        outputTokens = event.usage?.output_tokens ?? outputTokens
        break
      case 'content_block_start': {
        const block = event.content_block
        blocks.set(event.index, blockOf(block))
        if (block.type === 'text' && block.text !== '') {
          text += block.text
          onTextDelta?.(block.text)
        }
        break
      }
      case 'content_block_delta': {
        const block = blocks.get(event.index)
        if (event.delta.type === 'text_delta' && block?.kind === 'text') {
          text += event.delta.text
          onTextDelta?.(event.delta.text)
        } else if (event.delta.type === 'thinking_delta' && block?.kind === 'thinking') {
          block.text += event.delta.thinking
        } else if (event.delta.type === 'input_json_delta' && block?.kind === 'tool') {
          block.json += event.delta.partial_json
        }
        break
      }
      case 'message_stop':
        stopped = true
        break
      default:
        break
    }
  }
  if (!stopped) {
    throw new ModelError(
      'model_stream_interrupted',
      `${name}: the answer stream ended before the turn was complete.`,
    )
  }
  const toolCalls: ToolCall[] = [...blocks.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, block]) =>
      block.kind === 'tool'
        ? [
            {
              id: block.id,
              name: block.name,
              // With no deltas the whole input came with the block start.
              arguments:
                block.json !== '' ? block.json : (stringifyBounded(block.input ?? {}) ?? '{}'),
            },
          ]
        : [],
    )
  const usage = tokenUsage(inputTokens, outputTokens)
  const reasoning = thinkingOf([...blocks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b))
  return {
    ...(text !== '' && { text }),
    ...(reasoning !== '' && { reasoning }),
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(usage !== undefined && { usage }),
  }
}

function blockOf(block: RawContentBlockStartEvent['content_block']): Block {
  if (block.type === 'text') return { kind: 'text' }
  if (block.type === 'thinking') return { kind: 'thinking', text: block.thinking ?? '' }
  if (block.type === 'tool_use')
    return { kind: 'tool', id: block.id, name: block.name, json: '', input: block.input }
  return { kind: 'other' }
}

/** The text of a turn's thinking blocks, in order, as paragraphs (redacted thinking has none). */
function thinkingOf(blocks: readonly Block[]): string {
  return blocks
    .flatMap((block) => (block.kind === 'thinking' && block.text !== '' ? [block.text] : []))
    .join('\n\n')
}
