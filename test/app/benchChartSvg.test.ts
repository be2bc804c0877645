import { describe, expect, it } from 'vitest'
import { benchChartSvg } from '../../app/docs/benchChartSvg.ts'

const widths = (svg: string) =>
  [...svg.matchAll(/<rect x="190" y="\d+" width="([\d.]+)"/g)].map((m) => Number(m[1]))

describe('benchChartSvg (the docs site bench charts)', () => {
  const bars = [
    { label: 'plain-loop', value: 10, min: 9, max: 12 },
    { label: 'studypulse', value: 100, min: 90, max: 110 },
    { label: 'a <b> & "c"', value: 1000 },
  ]

  it('draws one bar per contender, longer for a larger value, and names each with its value', () => {
    const svg = benchChartSvg(bars, { title: 'Wall time', unit: 'µs', highlight: 'studypulse' })
    const [a = 0, b = 0, c = 0] = widths(svg)
    expect(widths(svg)).toHaveLength(3)
    expect(a).toBeLessThan(b)
    expect(b).toBeLessThan(c)
    expect(svg).toContain('>100 µs</text>')
    expect(svg.match(/fill="#b4431e"/g)).toHaveLength(1)
    // Whiskers only where the blocks' range is known.
    expect(svg.match(/<line /g)).toHaveLength(2)
  })

  it('escapes labels, and a log scale keeps a 100× spread readable', () => {
    const svg = benchChartSvg(bars, { title: 'T & U', unit: 'µs', log: true })
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot;')
    expect(svg).not.toContain('<b>')
    const [a = 0, , c = 0] = widths(svg)
    expect(c / a).toBeLessThan(5)
  })
})
