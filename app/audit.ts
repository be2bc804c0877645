import { type AuditRecord, AuditRecordSchema } from '../store/AuditRecord.ts'
import { withoutChain } from '../store/auditChain.ts'
import { readAuditLog } from './auditLog.ts'
import { formatAudit } from './formatAudit.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { describeStartupFailure } from './startRuntime.ts'
import { verifyAuditLog } from './verifyAuditLog.ts'

const args = process.argv.slice(2)
const unknown = args.filter((arg) => arg !== '--verify')
if (unknown.length > 0) {
  console.error(
    `studypulse audit: unknown option ${unknown.join(' ')} (the one option is --verify)`,
  )
  process.exit(1)
}
try {
  const { workspace, problems } = await openAppWorkspace()
  // On stderr: what opening the folder found (a record file put back, moved aside) is not audit.
  for (const line of problems) console.error(`studypulse: ${line}`)
  const log = await readAuditLog(workspace.root, process.env.STUDYPULSE_DATABASE_URL)
  if (args.includes('--verify')) {
    const { text, ok } = await verifyAuditLog(log)
    process.stdout.write(`${text.join('\n')}\n`)
    process.exit(ok ? 0 : 2)
  }
  // A line that is not a record is left out here; --verify names it.
  const records = log.lines.flatMap((line): AuditRecord[] => {
    let raw: unknown
    try {
      raw = JSON.parse(line)
    } catch {
      return []
    }
    const parsed = AuditRecordSchema.safeParse(raw)
    return parsed.success ? [withoutChain(parsed.data as AuditRecord)] : []
  })
  process.stdout.write(`Audit log of ${log.location}\n\n${formatAudit(records).join('\n')}\n`)
} catch (error) {
  // e.g. an unreadable audit.jsonl: named in one line (`npm start` sets its bad lines aside).
  console.error(describeStartupFailure(error))
  process.exit(1)
}
