import type { AuditRecord } from '../machines/auditRecord.ts'
import { RunFiles } from '../workspace/RunFiles.ts'
import { formatAudit } from './formatAudit.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'

const { workspace } = await openAppWorkspace()
const records = (await new RunFiles(workspace.root).readAudit()) as AuditRecord[]
process.stdout.write(`Audit log of ${workspace.root}\n\n${formatAudit(records).join('\n')}\n`)
