import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chartedMachine } from './chartedMachine.ts'
import { renderChart } from './renderChart.ts'

/** Where the chart files live, relative to the repository. */
export const chartFiles = {
  mermaid: fileURLToPath(new URL('../../docs/agent-run.mmd', import.meta.url)),
  svg: fileURLToPath(new URL('../../docs/agent-run.svg', import.meta.url)),
}

// `npm run chart`: regenerate docs/agent-run.mmd and docs/agent-run.svg from the machine.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const chart = await renderChart(chartedMachine())
  await writeFile(chartFiles.mermaid, chart.mermaid)
  await writeFile(chartFiles.svg, chart.svg)
  console.log(`wrote ${chartFiles.mermaid} and ${chartFiles.svg}`)
}
