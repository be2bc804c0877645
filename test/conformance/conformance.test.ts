// The consent conformance suite: every scenario of the table through every face's driver, one
// test per cell (n/a cells are declared by the driver with their reason, and listed). It prints
// the face × scenario table; the docs page keeps the last run's (written only by
// `npm run conformance -- --write-docs`), and the last test checks the page says what this run did.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { docWithTable, repoRoot, tableInDoc } from './conformanceDoc.ts'
import { faceDrivers } from './drivers/index.ts'
import { renderReasons, renderTable, runScenario, type Table, type Verdict } from './runSuite.ts'
import type { ScenarioId } from './scenarioIds.ts'
import { scenarios } from './scenarios.ts'

const table: Table = new Map()
const drivers = faceDrivers()

afterAll(async () => {
  for (const driver of drivers) await driver.dispose?.()
  process.stdout.write(
    `\nWhat every face promises (this run):\n\n${renderTable(table)}\n${renderReasons(table)}\n`,
  )
})

for (const driver of drivers) {
  const verdicts = new Map<ScenarioId, Verdict>()
  table.set(driver.face, verdicts)
  describe(`the ${driver.face} face`, () => {
    for (const scenario of scenarios) {
      const why = driver.notApplicable[scenario.id]
      it(`${scenario.id}: ${scenario.promise}${why === undefined ? '' : ` (n/a: ${why})`}`, async () => {
        const verdict = await runScenario(driver, scenario)
        verdicts.set(scenario.id, verdict)
        if (verdict.verdict === 'FAIL') expect.fail(verdict.why)
      })
    }
  })
}

describe('the docs page', () => {
  it('docs/guide/conformance.md holds this run’s table', async (context) => {
    const cells = [...table.values()].reduce((n, verdicts) => n + verdicts.size, 0)
    // A filtered run (one face, -t) has no whole table to compare the page with.
    if (table.size < faceDrivers().length || cells < table.size * scenarios.length)
      context.skip('only a whole run’s table is compared with the page')
    const path = join(repoRoot, 'docs/guide/conformance.md')
    const page = await readFile(path, 'utf8')
    const now = { table: renderTable(table), reasons: renderNa(table) }
    if (process.env.STUDYPULSE_CONFORMANCE_WRITE_DOCS === '1')
      await writeFile(path, docWithTable(page, now))
    else expect(tableInDoc(await readFile(path, 'utf8'))).toEqual(now)
  })
})

/** The n/a reasons (FAIL reasons carry a run's own markers, so the page keeps only the cells). */
function renderNa(t: Table): string {
  const only: Table = new Map(
    [...t].map(([face, v]) => [face, new Map([...v].filter(([, c]) => c.verdict === 'n/a'))]),
  )
  return renderReasons(only)
}
