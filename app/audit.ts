import type { AuditRecord } from '../store/AuditRecord.ts'
import { RunFiles } from '../store/RunFiles.ts'
import { formatAudit } from './formatAudit.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'

const { workspace } = await openAppWorkspace()
const records = (await new RunFiles(workspace.root).readAudit()) as AuditRecord[]
process.stdout.write(`Audit log of ${workspace.root}\n\n${formatAudit(records).join('\n')}\n`)
