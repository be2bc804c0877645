// Runs the scenario table against a face's driver and renders the face × scenario table.
import type { FaceDriver } from './face.ts'
import { type ScenarioId, scenarioIds } from './scenarioIds.ts'
import { type Scenario, scenarios } from './scenarios.ts'

/** One cell of the table. */
export type Verdict =
  | { verdict: 'pass' }
  | { verdict: 'FAIL'; why: string }
  | { verdict: 'n/a'; why: string }

/** Runs one scenario through one face: n/a only when the driver declares it so, with a reason. */
export async function runScenario(driver: FaceDriver, scenario: Scenario): Promise<Verdict> {
  const why = driver.notApplicable[scenario.id]
  if (why !== undefined) return { verdict: 'n/a', why }
  let face: Awaited<ReturnType<FaceDriver['start']>> | undefined
  try {
    face = await driver.start(scenario.setup ?? {})
    const missing = (scenario.needs ?? []).filter((need) => face?.[need] === undefined)
    if (missing.length > 0)
      return {
        verdict: 'FAIL',
        why: `the driver lacks ${missing.join(', ')} and does not declare the scenario n/a`,
      }
    await within(scenarioBoundMs, scenario.run(face), 'the scenario')
    return { verdict: 'pass' }
  } catch (error) {
    return { verdict: 'FAIL', why: error instanceof Error ? error.message : String(error) }
  } finally {
    await within(scenarioBoundMs, face?.close() ?? Promise.resolve(), 'closing the face').catch(
      () => undefined,
    )
  }
}

// Only ends a face that hangs (a wait nobody answers), so the table says FAIL instead of the test
// runner timing out; a passing scenario takes a fraction of it.
const scenarioBoundMs = 60_000

function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms / 1000} s`)), ms)
  })
  return Promise.race([work, bound]).finally(() => clearTimeout(timer))
}

/** Every scenario through one face, in the table's order. */
export async function runFace(driver: FaceDriver): Promise<Map<ScenarioId, Verdict>> {
  const verdicts = new Map<ScenarioId, Verdict>()
  try {
    for (const scenario of scenarios) verdicts.set(scenario.id, await runScenario(driver, scenario))
  } finally {
    await driver.dispose?.()
  }
  return verdicts
}

/** The results so far, face by face. */
export type Table = Map<string, Map<ScenarioId, Verdict>>

/**
 * Every face through every scenario: the faces side by side (each waits mostly on its servers
 * and processes), the scenarios of one face in turn. The table keeps the drivers' order.
 */
export async function runTable(drivers: readonly FaceDriver[]): Promise<Table> {
  const columns = await Promise.all(drivers.map((driver) => runFace(driver)))
  return new Map(drivers.map((driver, i) => [driver.face, columns[i] as Map<ScenarioId, Verdict>]))
}

const mark = (v: Verdict | undefined) => (v === undefined ? '—' : v.verdict)

/** The table as Markdown: a row per scenario, a column per face. */
export function renderTable(table: Table): string {
  const faces = [...table.keys()]
  const lines = [
    `| scenario | ${faces.join(' | ')} |`,
    `| --- | ${faces.map(() => '---').join(' | ')} |`,
    ...scenarioIds.map(
      (id) => `| ${id} | ${faces.map((face) => mark(table.get(face)?.get(id))).join(' | ')} |`,
    ),
  ]
  return `${lines.join('\n')}\n`
}

/** The scenarios and the promise each one checks, as the docs page lists them. */
export function renderScenarios(): string {
  const rows = scenarios.map((s) => `| ${s.id} | ${s.promise} |`)
  return `${['| scenario | the promise |', '| --- | --- |', ...rows].join('\n')}\n`
}

/** Each n/a and FAIL with its reason, face by face, for the notes under the table. */
export function renderReasons(table: Table): string {
  const lines: string[] = []
  for (const [face, verdicts] of table)
    for (const [id, v] of verdicts)
      if (v.verdict !== 'pass')
        lines.push(`- **${face} · ${id}** (${v.verdict}): ${oneLine(v.why)}`)
  return `${lines.join('\n')}\n`
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 300)

/**
 * Whether the suite catches a face (a planted hole): `first` is run first, then the rest of the
 * table in order until one fails. Resolves with the scenario that failed, or undefined.
 */
export async function killedBy(
  driver: FaceDriver,
  first: ScenarioId,
): Promise<{ scenario: ScenarioId; why: string } | undefined> {
  const ordered = [
    ...scenarios.filter((s) => s.id === first),
    ...scenarios.filter((s) => s.id !== first),
  ]
  try {
    for (const scenario of ordered) {
      const verdict = await runScenario(driver, scenario)
      if (verdict.verdict === 'FAIL') return { scenario: scenario.id, why: verdict.why }
    }
    return undefined
  } finally {
    await driver.dispose?.()
  }
}
