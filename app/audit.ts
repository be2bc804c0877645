import { type AuditRecord, AuditRecordSchema } from '../store/AuditRecord.ts'
import { verifyAuditChain, withoutChain } from '../store/auditChain.ts'
import { verifyRunChains } from '../store/verifyRunChains.ts'
import { describeChainCheck, describeRunChainsCheck, readAuditLog } from './auditLog.ts'
import { formatAudit } from './formatAudit.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { describeStartupFailure } from './startRuntime.ts'

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
  if (args.includes('--verify') && log.stored !== undefined) {
    const check = verifyRunChains({ ...log.stored, where: "the run's row" })
    process.stdout.write(`${describeRunChainsCheck(log, check).join('\n')}\n`)
    process.exit(check.problems.length === 0 ? 0 : 2)
  }
  if (args.includes('--verify')) {
    const check = verifyAuditChain(log.lines)
    process.stdout.write(`${describeChainCheck(log, check).join('\n')}\n`)
    process.exit(check.broken === undefined ? 0 : 2)
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
