import type { AuditRecord } from '../store/AuditRecord.ts'
import { RunFiles } from '../store/RunFiles.ts'
import { formatAudit } from './formatAudit.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { describeStartupFailure } from './startRuntime.ts'

try {
  const { workspace } = await openAppWorkspace()
  const records = (await new RunFiles(workspace.root).readAudit()) as AuditRecord[]
  process.stdout.write(`Audit log of ${workspace.root}\n\n${formatAudit(records).join('\n')}\n`)
} catch (error) {
  // e.g. a damaged audit.jsonl: named in one line (`npm start` sets its bad lines aside).
  console.error(describeStartupFailure(error))
  process.exit(1)
}
