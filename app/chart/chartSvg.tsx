import { readFile } from 'node:fs/promises'
import { renderToStaticMarkup } from 'react-dom/server'
import type { AnyStateMachine } from 'xstate'
import { StatechartDrawing } from '../../ui/components/StatechartDrawing.tsx'
import { layOutStatechart } from '../../ui/core/layOutStatechart.ts'
import { statechartGraph } from '../../ui/core/statechartGraph.ts'

const styles = new URL('../../ui/styles.css', import.meta.url)

/**
 * The machine drawn as a standalone SVG file: the page's own ELK layout and drawing, with the
 * page's chart styles (its `.sp-chart` rules, colour variables filled in) embedded.
 */
export async function chartSvg(machine: AnyStateMachine): Promise<string> {
  const layout = await layOutStatechart(statechartGraph(machine))
  const drawing = renderToStaticMarkup(<StatechartDrawing layout={layout} standalone />)
  const css = chartStyles(await readFile(styles, 'utf8'))
  // The style goes first inside the root element, where SVG viewers look for it.
  return `${drawing.replace(/^<svg[^>]*>/, (open) => `${open}<style>${css}</style>`)}\n`
}

/** The `.sp-chart` rules of the stylesheet, with `var(--sp-…)` replaced by the `:root` values. */
function chartStyles(stylesheet: string): string {
  const variables = new Map<string, string>()
  const root = /:root\s*\{([^}]*)\}/.exec(stylesheet)?.[1] ?? ''
  for (const [, name = '', value = ''] of root.matchAll(/(--sp-[\w-]+)\s*:\s*([^;]+);/g)) {
    variables.set(name, value.replace(/\s+/g, ' ').trim())
  }
  // The drawing's rules only: not the figure around it, nor its caption.
  const drawingRules = [...stylesheet.matchAll(/(^|\n)(\.sp-chart__[^{]*)\{([^}]*)\}/g)].filter(
    ([, , selector = '']) => !selector.startsWith('.sp-chart__path'),
  )
  const rules = drawingRules.map(([, , selector = '', body = '']) =>
    `${selector.trim()}{${body.replace(/\s+/g, ' ').trim()}}`.replace(
      /var\((--sp-[\w-]+)\)/g,
      (whole, name: string) => variables.get(name) ?? whole,
    ),
  )
  // A file is seen on any background (a dark-mode README, say): the page's surface goes under it.
  return [
    `.sp-chart__svg{background: ${variables.get('--sp-surface') ?? '#ffffff'}}`,
    ...rules,
  ].join('')
}
