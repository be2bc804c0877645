import type { ChatMessage, ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { ModelToolDefinition } from '../messages.ts'

/**
 * `use <server> <tool> {json}`: the offline planner's way to reach an MCP tool (or any tool, by its
 * full name: `use files__read_text_file {…}`). The JSON object is passed on as the arguments.
 */
const USE =
  /^\s*(?:please\s+)?use\s+([A-Za-z0-9_.-]+)(?:\s+([A-Za-z0-9_./-]+))?\s*(\{[\s\S]*?)?\s*$/i

/** The most of a tool's text answer the planner repeats. */
const maxAnswer = 1500

/**
 * Plans a `use …` request: first the call, then, once its result is back, a plain account of it.
 * Undefined when the message is not a `use …` request.
 */
export function planToolUse(
  text: string,
  tools: readonly ModelToolDefinition[],
  sinceUser: readonly ChatMessage[],
  nextId: () => string,
): ModelTurn | undefined {
  const match = USE.exec(text)
  if (match === null) return undefined
  const [, first = '', second, argsText] = match
  const wanted =
    second === undefined ? first : `${first}__${second}`.replace(/[^A-Za-z0-9_-]/g, '_')
  const tool = tools.find((t) => t.name === wanted)
  if (tool === undefined) {
    const mcp = tools.filter((t) => t.name.includes('__')).map((t) => t.name)
    return {
      text: `There is no tool ${wanted}. ${mcp.length > 0 ? `MCP tools on offer: ${mcp.join(', ')}.` : 'No MCP tools are on offer (add a mcp.json to the workspace).'}`,
    }
  }
  const result = sinceUser.findLast((m) => m.role === 'tool')
  if (result?.role === 'tool') return { text: describeResult(tool.name, result.content) }
  if (sinceUser.some((m) => m.role === 'assistant')) return undefined
  try {
    JSON.parse(argsText ?? '{}')
  } catch (error) {
    return { text: `Those arguments are not valid JSON: ${(error as Error).message}` }
  }
  return { toolCalls: [{ id: nextId(), name: tool.name, arguments: argsText ?? '{}' }] }
}

function describeResult(name: string, content: string): string {
  let result: {
    ok?: boolean
    data?: { text?: unknown }
    error?: { code?: string; message?: string }
  }
  try {
    result = JSON.parse(content) as typeof result
  } catch {
    return `${name} answered something I cannot read.`
  }
  if (result.ok === true) {
    const data = result.data
    const answer =
      typeof data?.text === 'string' && data.text !== '' ? data.text : JSON.stringify(data)
    const cut = answer.length > maxAnswer ? `${answer.slice(0, maxAnswer)}…` : answer
    return `${name} answered:\n${cut}`
  }
  if (result.error?.code === 'user_denied') return `OK, I did not run ${name}.`
  return `${name} did not work (${result.error?.code ?? 'error'}): ${result.error?.message ?? ''}`
}
