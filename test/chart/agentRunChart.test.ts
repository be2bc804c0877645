import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { chartedMachine } from '../../app/chart/chartedMachine.ts'
import { renderChart } from '../../app/chart/renderChart.ts'
import { chartFiles } from '../../app/chart/writeChart.ts'
import { machineInventory } from '../machines/modelBased/coverage.ts'

const chart = await renderChart(chartedMachine())

describe('the statechart picture', () => {
  it('docs/agent-run.mmd and docs/agent-run.svg are up to date (else run `npm run chart`)', async () => {
    expect(await readFile(chartFiles.mermaid, 'utf8')).toBe(chart.mermaid)
    expect(await readFile(chartFiles.svg, 'utf8')).toBe(chart.svg)
  })

  it('draws every state, marks the final ones, and draws one arrow per transition', () => {
    const machine = chartedMachine()
    const { states, transitions } = machineInventory(machine)
    for (const state of states) {
      expect(chart.mermaid).toContain(state)
      expect(chart.svg).toContain(`>${state}</text>`)
    }
    for (const final of ['failed', 'cancelled']) {
      expect(chart.mermaid).toContain(`${final} --> [*]`)
      expect(chart.svg).toContain(
        `class="sp-chart__state sp-chart__state--final" data-state="${final}"`,
      )
    }
    expect(chart.svg.match(/class="sp-chart__state[ "]/g)).toHaveLength(states.length)
    const arrows = chart.mermaid.split('\n').filter((l) => / --> /.test(l) && !l.includes('[*]'))
    expect(arrows).toHaveLength(transitions.length)
    for (const label of ['CONFIRM [confirmationMatches]', 'DENY [confirmationMatches]', 'CANCEL']) {
      expect(chart.mermaid).toContain(label)
      expect(chart.svg).toContain(label)
    }
  })
})
