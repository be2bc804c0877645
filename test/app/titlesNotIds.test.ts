import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readAuditLog } from '../../app/auditLog.ts'
import { formatAudit } from '../../app/formatAudit.ts'
import { formatEvent } from '../../app/formatEvent.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { AuditRecordSchema } from '../../store/AuditRecord.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { allowShownCard, makeRuntime } from '../helpers/runHarness.ts'
import { storedTask } from '../helpers/studyFixtures.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dir: string
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ ws, dir, dispose } = await tempWorkspace())
})
afterEach(async () => {
  await dispose()
})

const taskId = '09ad12d2-5b7e-4c1a-9f3e-2d8c6a1b0e47'

// The model moves a task by its id, as models do; the person knows it by its title.
async function movedTask() {
  await ws.upsertTask(storedTask(taskId, 'Essay on Kant', { due: '2026-12-04' }))
  const model = new ScriptedModel([
    {
      toolCalls: [
        {
          id: 'c1',
          name: 'update_task',
          arguments: JSON.stringify({ id: taskId, due: '2026-12-11' }),
        },
      ],
    },
    { text: 'Moved.' },
  ])
  const runtime = makeRuntime(model, ws)
  const runId = runtime.startRun({ input: 'move the essay a week' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  await allowShownCard(runtime, runId)
  await runtime.flush()
  return { runtime, runId }
}

describe('the terminal and the audit name a task by its title, as the card does', () => {
  it('no terminal line of the run shows the raw id; the card line names the title', async () => {
    const { runtime, runId } = await movedTask()
    const printed = runtime
      .view(runId)
      .events.map(formatEvent)
      .filter((line) => line !== undefined)
      .join('\n')
    expect(printed).toContain('→ Change a task [WRITE]')
    expect(printed).toContain('“Essay on Kant”')
    expect(printed).not.toContain(taskId)
  })

  it('npm run audit prints the title, not the id', async () => {
    await movedTask()
    const log = await readAuditLog(dir, undefined)
    const records = log.lines.map((line) => AuditRecordSchema.parse(JSON.parse(line)))
    expect(records).toHaveLength(1)
    const text = formatAudit(records).join('\n')
    expect(text).toContain('“Essay on Kant”')
    expect(text).not.toContain(taskId)
  })
})
