import {
  type Attributes,
  context,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api'
import type { ModelClient, ModelRequest } from '../../models/messages.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { inputMessagesJson, outputMessagesJson } from './genAiMessages.ts'
import { insideTurn, turnOf } from './runSpanIds.ts'

/** How `traceModel` traces a model's calls. */
export interface TraceModelOptions {
  tracer: Tracer
  /** Record the conversation sent and the answer (`gen_ai.input.messages`, `gen_ai.output.messages`); default false. */
  recordContent?: boolean
  /** The provider and model named on each span; read from the client's name when left out (`openai:gpt-4o-mini`). */
  provider?: string
  model?: string
}

/**
 * The same model, with a `chat` span per call (the GenAI semantic conventions: operation, provider,
 * requested model, tokens when the client reports them, and the error's code). A call the runtime
 * makes for a run is a child of that run's turn; the span is the active one during the call, so
 * spans the client's own HTTP library makes sit inside it.
 */
export function traceModel(model: ModelClient, options: TraceModelOptions): ModelClient {
  const { tracer, recordContent = false } = options
  const named = modelIdentity(model.name)
  const provider = options.provider ?? named.provider
  const requestModel = options.model ?? named.model
  return {
    name: model.name,
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const { runId } = request
      const parent =
        runId === undefined ? context.active() : insideTurn(runId, turnOf(request.messages))
      const attributes: Attributes = {
        'gen_ai.operation.name': 'chat',
        // Only the current name: the semantic conventions (1.45) list `gen_ai.system` as deprecated.
        'gen_ai.provider.name': provider,
        'gen_ai.request.model': requestModel,
        ...(runId !== undefined && { 'gen_ai.conversation.id': runId }),
        ...(recordContent && { 'gen_ai.input.messages': inputMessagesJson(request.messages) }),
      }
      const span = tracer.startSpan(
        `chat ${requestModel}`,
        { kind: SpanKind.CLIENT, attributes },
        parent,
      )
      try {
        const turn = await context.with(trace.setSpan(parent, span), () => model.complete(request))
        const { usage } = turn ?? {}
        if (usage?.inputTokens !== undefined) {
          span.setAttribute('gen_ai.usage.input_tokens', usage.inputTokens)
        }
        if (usage?.outputTokens !== undefined) {
          span.setAttribute('gen_ai.usage.output_tokens', usage.outputTokens)
        }
        if (recordContent && turn !== undefined) {
          span.setAttribute('gen_ai.output.messages', outputMessagesJson(turn))
        }
        return turn
      } catch (error) {
        const code = errorType(error)
        span.setAttribute('error.type', code)
        span.setStatus({ code: SpanStatusCode.ERROR, message: code })
        throw error
      } finally {
        span.end()
      }
    },
  }
}

/**
 * The provider and model a client's name says: `openai:gpt-4o-mini`, `anthropic:claude-…`,
 * `openai-compatible:llama3.1 @ http://…` and `ai-sdk:openai.chat:gpt-4o` (the AI SDK's provider
 * id up to its first dot); a name without a colon (the offline planner) is both.
 */
export function modelIdentity(name: string): { provider: string; model: string } {
  const bare = name.replace(/ @ .*$/s, '')
  const parts = bare.split(':')
  if (parts[0] === 'ai-sdk' && parts.length >= 3) {
    return {
      provider: (parts[1] as string).split('.')[0] as string,
      model: parts.slice(2).join(':'),
    }
  }
  if (parts.length < 2) return { provider: bare, model: bare }
  return { provider: parts[0] as string, model: parts.slice(1).join(':') }
}

// The conventions' `error.type`: the failure's snake_case code when it has one (`ModelError`), else its class.
function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^[a-z][a-z0-9_]*$/.test(code)) return code
  return error instanceof Error ? error.name : '_OTHER'
}
