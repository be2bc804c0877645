/** One bar of a bench chart: a contender and its median (with the blocks' range when known). */
export interface BenchBar {
  label: string
  value: number
  min?: number
  max?: number
}

/** What a bench chart says about its bars. */
export interface BenchChartOptions {
  title: string
  unit: string
  /** The bar drawn in the accent colour (StudyPulse's own). */
  highlight?: string
  /** A log scale, for contenders that differ by orders of magnitude. */
  log?: boolean
}

const rowHeight = 26
const labelWidth = 190
const barWidth = 420
const valueWidth = 150
const top = 40

/** A horizontal bar chart as a standalone SVG, one bar per contender, medians with min–max whiskers. */
export function benchChartSvg(bars: readonly BenchBar[], options: BenchChartOptions): string {
  const width = labelWidth + barWidth + valueWidth
  const height = top + bars.length * rowHeight + 16
  const largest = Math.max(...bars.map((bar) => bar.max ?? bar.value))
  const scale = options.log
    ? (v: number) => (Math.log10(Math.max(v, 1)) / Math.log10(Math.max(largest, 10))) * barWidth
    : (v: number) => (v / largest) * barWidth
  const rows = bars.map((bar, i) => barRow(bar, i, scale, bar.label === options.highlight, options))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(options.title)}" font-family="system-ui, sans-serif" font-size="13">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="8" y="22" font-size="15" font-weight="600" fill="#1f2328">${escapeXml(options.title)}</text>`,
    ...rows,
    '</svg>',
    '',
  ].join('\n')
}

function barRow(
  bar: BenchBar,
  index: number,
  scale: (value: number) => number,
  highlighted: boolean,
  options: BenchChartOptions,
): string {
  const y = top + index * rowHeight
  const length = Math.max(scale(bar.value), 1)
  const colour = highlighted ? '#b4431e' : '#5b6b7f'
  const parts = [
    `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end" fill="#1f2328">${escapeXml(bar.label)}</text>`,
    `<rect x="${labelWidth}" y="${y + 4}" width="${length.toFixed(1)}" height="16" fill="${colour}"/>`,
  ]
  // The whisker shows the spread over the blocks, so a noisy median reads as noisy.
  if (bar.min !== undefined && bar.max !== undefined) {
    const from = labelWidth + scale(bar.min)
    const to = labelWidth + scale(bar.max)
    parts.push(
      `<line x1="${from.toFixed(1)}" x2="${to.toFixed(1)}" y1="${y + 12}" y2="${y + 12}" stroke="#1f2328" stroke-width="1.5"/>`,
    )
  }
  const text = `${formatNumber(bar.value)} ${options.unit}`
  parts.push(
    `<text x="${labelWidth + barWidth + 8}" y="${y + 15}" fill="#1f2328">${escapeXml(text)}</text>`,
  )
  return parts.join('\n')
}

function formatNumber(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : String(value)
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}
