// A page of confirmation cards whose descriptions the real tools make, in the browser, from an
// in-memory workspace: what the app's cards show once the run carries a call's description.
import { createRoot } from 'react-dom/client'
import '../../../ui/styles.css'
import '../../../ui/page/page.css'
import { createCoreToolRegistry } from '../../../tools/createCoreToolRegistry.ts'
import { ConfirmationCard } from '../../../ui/components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../../../ui/core/ConfirmationRequest.ts'
import { MemoryWorkspace } from '../../../workspace/MemoryWorkspace.ts'

const at = '2026-11-30T09:00:00.000Z'
const calls: [string, object][] = [
  [
    'save_artifact',
    {
      title: 'Exam plan',
      content:
        'Week 1: revise cells and membranes\nWeek 2: genetics, then practice papers\nWeek 3: ecology\nSleep before 11 every night',
    },
  ],
  ['update_task', { id: 't1', due: '2026-12-07', importance: 5 }],
  ['delete_task', { id: 't2', title: 'Something else entirely' }],
]

async function show(): Promise<void> {
  const ws = new MemoryWorkspace()
  await ws.upsertTask({
    id: 't1',
    title: 'Essay on photosynthesis',
    due: '2026-12-04',
    importance: 3,
    done: false,
    createdAt: at,
    updatedAt: at,
  })
  await ws.upsertTask({
    id: 't2',
    title: 'Review chapter 3',
    done: false,
    createdAt: at,
    updatedAt: at,
  })
  await ws.saveArtifact(
    'Exam plan',
    'Week 1: revise cells\nWeek 2: genetics, then practice papers\nWeek 3: ecology\nSleep early',
  )
  const tools = createCoreToolRegistry()
  const requests: ConfirmationRequest[] = []
  for (const [i, [name, args]] of calls.entries()) {
    const prepared = tools.prepare(`call-${i}`, name, args)
    requests.push({
      confirmationId: `card-${i}`,
      toolCallId: prepared.callId,
      toolName: prepared.name,
      permission: prepared.permission,
      preview: prepared.preview,
      argumentsJson: prepared.argumentsJson,
      requestedAt: at,
      description: await tools.describe(prepared, ws),
    })
  }
  // run_code runs in Node's sandbox, outside this page's registry: its card is made by hand. A
  // long line whose dangerous end comes after a harmless start, and a short line after it.
  const program = `const xs = [${Array.from({ length: 60 }, (_, i) => 60 - i).join(', ')}].sort((a, b) => a - b); while(true){}\n// never reached`
  requests.push({
    confirmationId: 'card-code',
    toolCallId: 'call-code',
    toolName: 'run_code',
    permission: 'execute',
    preview: 'Work something out (2 lines of code that can change nothing)',
    argumentsJson: JSON.stringify({ code: program }),
    requestedAt: at,
  })
  // A change allowed and made (the note overwritten), then the card that would take it back.
  const overwrite = tools.prepare('call-change', 'save_artifact', {
    title: 'Exam plan',
    content: 'Week 1: genetics\nWeek 2: genetics, then practice papers\nWeek 3: ecology',
  })
  const made = await tools.execute(overwrite, {
    workspace: ws,
    now: new Date(at),
    sourcePaths: [],
    signal: new AbortController().signal,
    generateId: () => 'c7f3a9',
  })
  const changeId = made.ok ? (made.data as { changeId: string }).changeId : 'none'
  const undo = tools.prepare('call-undo', 'undo_change', { changeId })
  requests.push({
    confirmationId: 'card-undo',
    toolCallId: undo.callId,
    toolName: undo.name,
    permission: undo.permission,
    preview: undo.preview,
    argumentsJson: undo.argumentsJson,
    requestedAt: at,
    description: await tools.describe(undo, ws),
  })
  const root = document.getElementById('root')
  if (root === null) throw new Error('no #root')
  createRoot(root).render(
    <div className="sp-card-gallery" style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      <h1 className="sp-visually-hidden">Cards waiting for a decision</h1>
      {requests.map((request, i) => (
        <ConfirmationCard
          key={request.confirmationId}
          request={request}
          autoFocus={i === 0}
          onDecide={() => {}}
        />
      ))}
    </div>,
  )
}

void show()
