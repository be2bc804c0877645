import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

/** The file naming each scenario of the suite that does not apply here, and why (version 1). */
export const NotApplicableSchema = z.strictObject({
  version: z.literal(1),
  suite: z.string().min(1),
  fronted: z.string().min(1),
  notApplicable: z.array(
    z.strictObject({ scenario: z.string().min(1), why: z.string().min(1).max(300) }),
  ),
})

/** What `notApplicable.json` holds, read through its schema. */
export type NotApplicable = z.infer<typeof NotApplicableSchema>

/** Reads and checks the not-applicable file (a wrong shape throws, naming the field). */
export async function readNotApplicable(path: string): Promise<NotApplicable> {
  return NotApplicableSchema.parse(JSON.parse(await readFile(path, 'utf8')))
}

/** One scenario's outcome: the failed checks' messages (none: it passed). */
export interface ScenarioOutcome {
  scenario: string
  failures: string[]
}

const CheckSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  errorMessage: z.string().optional(),
})

/**
 * Runs the suite's server scenarios once, in one process, on `node` (the suite needs Node 22),
 * against `url`, and reads each scenario's checks from the folder it wrote them to.
 */
export async function runServerSuite(
  node: string,
  cli: string,
  url: string,
  outDir: string,
): Promise<{ outcomes: ScenarioOutcome[]; output: string }> {
  const args = [cli, 'server', '--url', url, '--suite', 'active', '--output-dir', outDir]
  // The suite exits 1 when any scenario fails; the checks it wrote are the answer either way.
  const output = await new Promise<string>((resolve) => {
    execFile(node, args, { maxBuffer: 16 * 1024 * 1024 }, (_error, stdout, stderr) =>
      resolve(`${stdout}${stderr}`),
    )
  })
  const outcomes: ScenarioOutcome[] = []
  for (const entry of await readdir(outDir)) {
    // server-<scenario>-<ISO time with dashes>, e.g. server-ping-2026-12-06T13-39-49-706Z
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1]
    if (scenario === undefined) continue
    const raw = JSON.parse(await readFile(join(outDir, entry, 'checks.json'), 'utf8'))
    const checks = z.array(CheckSchema).parse(raw)
    const failures = checks
      .filter((check) => check.status === 'FAILURE')
      .map((check) => `${check.id}: ${check.errorMessage ?? 'failed'}`)
    outcomes.push({ scenario, failures })
  }
  return { outcomes, output }
}
