import { describe, expect, it } from 'vitest'
import type { ModelToolDefinition } from '../../../models/messages.ts'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'

const tools: ModelToolDefinition[] = [
  { name: 'list_tasks', description: '', parameters: {}, permission: 'read' },
  { name: 'files__read_text_file', description: '', parameters: {}, permission: 'read' },
]
const planner = new OfflinePlanner({ clock: () => new Date('2026-11-30T09:00:00Z') })
const ask = (content: string, after: object[] = []) =>
  planner.complete({
    messages: [{ role: 'user', content }, ...(after as never[])],
    tools,
    signal: new AbortController().signal,
  })

describe('the offline planner and “use <server> <tool> {json}”', () => {
  it('proposes the named MCP tool with the given arguments', async () => {
    const turn = await ask('use files read_text_file {"path":"/tmp/x/notes.txt"}')
    expect(turn.toolCalls).toEqual([
      { id: 'plan-0', name: 'files__read_text_file', arguments: '{"path":"/tmp/x/notes.txt"}' },
    ])
    expect((await ask('use files__read_text_file {"path":"a"}')).toolCalls?.[0]?.name).toBe(
      'files__read_text_file',
    )
  })

  it('says which tools exist when the named one does not, and refuses bad JSON', async () => {
    expect((await ask('use files write_file {}')).text).toMatch(
      /no tool files__write_file.*files__read_text_file/,
    )
    expect((await ask('use files read_text_file {"path":')).text).toMatch(/not valid JSON/)
  })

  it('reports the result, a denial or a failure once it is back', async () => {
    const call = {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'plan-0', name: 'files__read_text_file', arguments: '{}' }],
    }
    const back = (content: object) => [
      call,
      {
        role: 'tool',
        toolCallId: 'plan-0',
        name: 'files__read_text_file',
        content: JSON.stringify(content),
      },
    ]
    const request = 'use files read_text_file {"path":"n.txt"}'
    expect((await ask(request, back({ ok: true, data: { text: 'hello' } }))).text).toBe(
      'files__read_text_file answered:\nhello',
    )
    expect(
      (await ask(request, back({ ok: false, error: { code: 'user_denied', message: '' } }))).text,
    ).toBe('OK, I did not run files__read_text_file.')
    expect(
      (
        await ask(
          request,
          back({ ok: false, error: { code: 'tool_error', message: 'no such file' } }),
        )
      ).text,
    ).toMatch(/did not work \(tool_error\): no such file/)
  })

  it('its help names the use form when MCP tools are offered', async () => {
    expect((await ask('hello')).text).toContain('“use files read_text_file {…json arguments…}”')
  })

  it('leaves other requests to the usual rules', async () => {
    expect((await ask('what are my tasks?')).toolCalls?.[0]?.name).toBe('list_tasks')
  })
})
