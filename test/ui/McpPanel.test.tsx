// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpServerStatus } from '../../tools/mcp/McpServerStatus.ts'
import { ConfirmationCard } from '../../ui/components/ConfirmationCard.tsx'
import { McpServerList } from '../../ui/components/McpServerList.tsx'
import { toConfirmationRequest } from '../../ui/core/ConfirmationRequest.ts'

afterEach(cleanup)

describe('MCP tools in the page', () => {
  it('a card shows the level and who set it', () => {
    const request = toConfirmationRequest({
      runId: 'r',
      seq: 3,
      at: '2026-11-30T09:00:00.000Z',
      kind: 'confirmationRequired',
      confirmationId: 'c-1',
      toolCallId: 'call-1',
      toolName: 'notes__save_note',
      permission: 'destructive',
      permissionOrigin: { source: 'untrusted_default', text: 'untrusted server notes' },
      preview: 'MCP server notes › save_note {"name":"a"}',
    })
    render(<ConfirmationCard request={request} onDecide={() => {}} />)
    const origin = document.querySelector('.sp-card__origin') as HTMLElement
    expect(origin.dataset.permissionSource).toBe('untrusted_default')
    expect(origin.textContent).toBe('Level destructive: untrusted server notes')
    expect(document.querySelector('.sp-card__explain')?.textContent).toMatch(/not marked trusted/)
  })

  it('a card of a built-in tool says nothing about origin', () => {
    const request = toConfirmationRequest({
      runId: 'r',
      seq: 3,
      at: '2026-11-30T09:00:00.000Z',
      kind: 'confirmationRequired',
      confirmationId: 'c-1',
      toolName: 'create_task',
      permission: 'write',
      preview: 'Create task',
    })
    render(<ConfirmationCard request={request} onDecide={() => {}} />)
    expect(document.querySelector('.sp-card__origin')).toBeNull()
  })

  it('the side panel lists servers, their tools, levels and origins', async () => {
    const servers: McpServerStatus[] = [
      {
        name: 'files',
        transport: 'stdio',
        trusted: true,
        state: 'connected',
        tools: [
          {
            name: 'files__read_text_file',
            mcpName: 'read_text_file',
            permission: 'read',
            origin: { source: 'trusted_annotation', text: 'claimed by server files (trusted)' },
          },
          {
            name: 'files__write_file',
            mcpName: 'write_file',
            permission: 'write',
            origin: { source: 'host', text: 'set by you in mcp.json' },
          },
        ],
        skipped: [],
      },
      {
        name: 'broken',
        transport: 'http',
        trusted: false,
        state: 'failed',
        error: 'fetch failed',
        tools: [],
        skipped: [],
      },
      {
        name: 'hostile',
        transport: 'stdio',
        trusted: false,
        state: 'connected',
        tools: [],
        skipped: [
          {
            mcpName: 'lookahead',
            reason: 'its pattern "^(?!admin)" cannot be checked in linear time',
          },
        ],
      },
    ]
    render(<McpServerList access={{ listMcpServers: async () => servers }} />)
    await screen.findByText('files')
    const rows = [...document.querySelectorAll('[data-tool]')].map((li) => [
      (li as HTMLElement).dataset.tool,
      li.querySelector('.sp-badge')?.getAttribute('data-permission'),
      li.querySelector('.sp-list__meta')?.textContent,
    ])
    expect(rows).toEqual([
      ['files__read_text_file', 'read', 'claimed by server files (trusted)'],
      ['files__write_file', 'write', 'set by you in mcp.json'],
    ])
    expect(
      document.querySelector('[data-mcp-server="broken"] .sp-list__meta')?.textContent,
    ).toContain('failed to start — fetch failed')
    // A tool left out says why, e.g. a schema pattern the host cannot check in linear time.
    const skipped = document.querySelector('[data-mcp-server="hostile"] [data-skipped="lookahead"]')
    expect(skipped?.querySelector('.sp-list__meta')?.textContent).toBe(
      'its pattern "^(?!admin)" cannot be checked in linear time',
    )
    expect(document.querySelector('[data-mcp-server="hostile"] summary')?.textContent).toBe(
      '1 tool left out',
    )
  })
})
