// A card of every kind the app shows, each in a box named by its kind, so a test can run axe on
// each: what a write, a destructive call, code, an undo, an undo done already, a server's tool, a
// missing note, an open edit form and a lost server look like. The descriptions are the real
// tools' own, read from an in-memory workspace.
import { createRoot } from 'react-dom/client'
import '../../../ui/styles.css'
import '../../../ui/page/page.css'
import { createCoreToolRegistry } from '../../../tools/createCoreToolRegistry.ts'
import { ConfirmationCard } from '../../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../../ui/core/ConfirmationRequest.ts'
import { serverLostCard } from '../../../ui/page/useServerLost.ts'
import { MemoryWorkspace } from '../../../workspace/MemoryWorkspace.ts'

const at = '2026-11-30T09:00:00.000Z'
const tools = createCoreToolRegistry()
const ws = new MemoryWorkspace()
let ids = 0
const context = () => ({
  workspace: ws,
  now: new Date(at),
  sourcePaths: [],
  signal: new AbortController().signal,
  generateId: () => `change-${++ids}`,
})

/** The card the app shows for `name(args)`, described from the workspace as it is now. */
async function card(kind: string, name: string, args: object): Promise<ConfirmationRequest> {
  const prepared = tools.prepare(`call-${kind}`, name, args)
  return {
    confirmationId: `card-${kind}`,
    toolCallId: prepared.callId,
    toolName: prepared.name,
    permission: prepared.permission,
    preview: prepared.preview,
    argumentsJson: prepared.argumentsJson,
    requestedAt: at,
    description: await tools.describe(prepared, ws),
  }
}

/** Runs `name(args)` as if allowed; the change's id, to undo it. */
async function made(name: string, args: object): Promise<string> {
  const result = await tools.execute(tools.prepare('call-made', name, args), context())
  if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`)
  return (result.data as { changeId: string }).changeId
}

async function show(): Promise<void> {
  for (const [id, title, due] of [
    ['t1', 'Essay on photosynthesis', '2026-12-04'],
    ['t2', 'Review chapter 3', undefined],
    ['t3', 'Email my tutor', undefined],
  ] as const) {
    await ws.upsertTask({
      id,
      title,
      ...(due && { due, importance: 3 }),
      done: false,
      createdAt: at,
      updatedAt: at,
    })
  }
  await ws.saveArtifact(
    'Exam plan',
    'Week 1: revise cells\nWeek 2: genetics, then practice papers\nWeek 3: ecology\nSleep early',
  )
  await ws.saveArtifact('Lab safety', 'Goggles on\nNo food in the lab\nWash hands before leaving')
  const remembered = await ws.appendMemory('I study best in the morning')

  const cards: [string, ConfirmationRequest][] = [
    [
      'create-task',
      await card('create-task', 'create_task', {
        title: 'Read chapter 5',
        due: '2026-12-04',
        importance: 4,
      }),
    ],
    [
      'update-task',
      await card('update-task', 'update_task', { id: 't1', due: '2026-12-07', importance: 5 }),
    ],
    [
      'save-note',
      await card('save-note', 'save_artifact', {
        title: 'Essay outline',
        content: 'Intro\nThree arguments\nConclusion',
      }),
    ],
    [
      'update-note',
      await card('update-note', 'update_note', {
        name: 'Exam plan',
        content:
          'Week 1: revise cells and membranes\nWeek 2: genetics, then practice papers\nWeek 3: ecology\nSleep before 11 every night',
      }),
    ],
    ['delete-task', await card('delete-task', 'delete_task', { id: 't2' })],
    ['delete-note', await card('delete-note', 'delete_note', { name: 'Lab safety' })],
    ['forget-memory', await card('forget-memory', 'forget_memory', { id: remembered.id })],
    ['missing-note', await card('missing-note', 'delete_note', { name: 'Chemistry formulas' })],
  ]
  // run_code runs in Node's sandbox, outside this page's registry: its card is made by hand.
  cards.push([
    'run-code',
    {
      confirmationId: 'card-run-code',
      toolCallId: 'call-run-code',
      toolName: 'run_code',
      permission: 'execute',
      preview: 'Work something out (2 lines of code that can change nothing)',
      argumentsJson: JSON.stringify({
        code: 'const marks = [80, 83, 85]\nmarks.reduce((a, b) => a + b) / marks.length',
      }),
      requestedAt: at,
    },
  ])
  // An undo that brings a deleted task back (a write to the person), and one undone already.
  const deleted = await made('delete_task', { id: 't3' })
  cards.push(['undo', await card('undo', 'undo_change', { changeId: deleted })])
  const added = await made('create_task', { title: 'Buy lab coat' })
  await made('undo_change', { changeId: added })
  cards.push(['undone-already', await card('undone-already', 'undo_change', { changeId: added })])
  // A tool of an MCP server: the host set its level, and its card names the server.
  cards.push([
    'mcp-tool',
    {
      confirmationId: 'card-mcp-tool',
      toolCallId: 'call-mcp-tool',
      toolName: 'files__write_file',
      permission: 'write',
      permissionOrigin: {
        source: 'host',
        text: 'set by you in mcp.json',
        server: 'files',
        tool: 'write_file',
      },
      preview: 'write_file on MCP server files: path "notes/plan.txt"',
      argumentsJson: JSON.stringify({ path: 'notes/plan.txt', content: 'Week 1: cells' }),
      requestedAt: at,
    },
  ])
  const editable = await card('edit-form', 'create_task', {
    title: 'Review chapter 4',
    importance: 2,
  })
  const lost = await card('server-lost', 'update_task', { id: 't1', importance: 4 })

  const root = document.getElementById('root')
  if (root === null) throw new Error('no #root')
  createRoot(root).render(
    <div className="sp-card-gallery" style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      <h1 className="sp-visually-hidden">A card of every kind</h1>
      {cards.map(([kind, request]) => (
        <div key={kind} data-card-kind={kind}>
          <ConfirmationCard request={request} autoFocus={false} onDecide={() => {}} />
        </div>
      ))}
      <div data-card-kind="edit-form">
        <ConfirmationCard
          request={editable}
          autoFocus={false}
          onDecide={() => {}}
          onEdit={() => {}}
          loadSchema={async (request) =>
            tools.definitions().find((d) => d.name === request.toolName)?.parameters
          }
        />
      </div>
      <div data-card-kind="server-lost">
        <ConfirmationCard
          request={lost}
          autoFocus={false}
          onDecide={() => {}}
          unavailable={serverLostCard}
        />
      </div>
    </div>,
  )
  document.body.dataset.ready = 'true'
}

void show()
