/**
 * Numbers as a person reads them: a result like 82.66666666666667 as 82.67 (two decimals, or two
 * significant digits below 0.01); whole numbers and short decimals stay as they are.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value)
  const rounded = Math.round(value * 100) / 100
  if (rounded === 0) return String(Number(value.toPrecision(2)))
  return String(rounded)
}

/** `text` with every decimal of more than two places in it rounded by `numberText`. */
export function roundNumbersIn(text: string): string {
  return text.replace(/-?\d+\.\d{3,}(?:e[+-]?\d+)?/gi, (match) => numberText(Number(match)))
}
