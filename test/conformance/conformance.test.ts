// The consent conformance suite: every scenario of the table through every face's driver (the
// faces side by side, each face's scenarios in turn), then one test per cell. A cell a driver
// declares n/a passes with its reason in the test's name; none is skipped silently. It prints the
// face × scenario table; the docs page keeps the last run's (written only by
// `npm run conformance -- --write-docs`), and the last test checks the page says what this run did.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docWithTable, repoRoot, tableCells, tableInDoc } from './conformanceDoc.ts'
import { allFaces, faceDrivers } from './drivers/index.ts'
import { renderReasons, renderScenarios, renderTable, runTable, type Table } from './runSuite.ts'
import { scenarios } from './scenarios.ts'

const drivers = faceDrivers()
let table: Table = new Map()

beforeAll(async () => {
  table = await runTable(drivers)
}, 600_000)

afterAll(() => {
  process.stdout.write(
    `\nWhat every face promises (this run):\n\n${renderTable(table)}\n${renderReasons(table)}\n`,
  )
})

for (const driver of drivers) {
  describe(`the ${driver.face} face`, () => {
    for (const scenario of scenarios) {
      const why = driver.notApplicable[scenario.id]
      const name = `${scenario.id}: ${scenario.promise}${why === undefined ? '' : ` (n/a: ${why})`}`
      it(name, () => {
        const verdict = table.get(driver.face)?.get(scenario.id)
        if (verdict === undefined) expect.fail('the scenario did not run')
        if (verdict.verdict === 'FAIL') expect.fail(verdict.why)
        expect(verdict.verdict).toBe(why === undefined ? 'pass' : 'n/a')
      })
    }
  })
}

describe('the docs page', () => {
  it('docs/guide/conformance.md holds this run’s table', async (context) => {
    // A run of some faces only (STUDYPULSE_CONFORMANCE_FACE) has no whole table to compare.
    if (drivers.length < allFaces().length)
      context.skip('only a run of every face is compared with the page')
    const path = join(repoRoot, 'docs/guide/conformance.md')
    const page = await readFile(path, 'utf8')
    const now = {
      scenarios: renderScenarios(),
      table: renderTable(table),
      reasons: renderNa(table),
    }
    if (process.env.STUDYPULSE_CONFORMANCE_WRITE_DOCS === '1')
      await writeFile(path, docWithTable(page, now))
    else
      expect(tableInDoc(page)).toEqual({
        scenarios: tableCells(now.scenarios),
        table: tableCells(now.table),
        reasons: now.reasons,
      })
  })
})

/** The n/a reasons (FAIL reasons carry a run's own markers, so the page keeps only the cells). */
function renderNa(t: Table): string {
  const only: Table = new Map(
    [...t].map(([face, v]) => [face, new Map([...v].filter(([, c]) => c.verdict === 'n/a'))]),
  )
  return renderReasons(only)
}
