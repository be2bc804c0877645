import axe from 'axe-core'
import type { Page } from 'playwright-core'

/** The rules the browser tests hold the page to: WCAG 2.1 A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** One axe finding: the rule, how bad it is, and the elements that break it. */
export interface AxeFinding {
  id: string
  impact: string
  targets: string[]
}

/**
 * Runs axe-core on the page as it is now (or on the element `include` selects) and returns its
 * violations. axe is evaluated through the DevTools protocol, so the page's CSP, which refuses
 * injected script tags, stays in force.
 */
export async function runAxe(page: Page, include?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const results = await page.evaluate(
    async ({ tags, include }) => {
      const run = (window as unknown as { axe: typeof axe }).axe.run
      const { violations } = await run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        // Only the violations are read: axe then details no passing, incomplete or inapplicable
        // nodes (its own advice for speed; the violations it reports are the same).
        resultTypes: ['violations'],
      })
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        targets: v.nodes.map((n) => n.target.join(' ')),
      }))
    },
    { tags: axeTags, include },
  )
  return results
}
