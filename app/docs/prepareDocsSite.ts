import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { apiMarkdown } from './apiMarkdown.ts'
import { type BenchBar, benchChartSvg } from './benchChartSvg.ts'

/** The docs site's source folder (VitePress's root). */
export const docsDir = fileURLToPath(new URL('../../docs/', import.meta.url))
const repoDir = join(docsDir, '..')

const spread = z.object({ median: z.number(), min: z.number(), max: z.number() })
// Only what the charts draw; the results file keeps much more, which this ignores.
const benchResults = z.object({
  results: z.object({
    single: z.array(z.object({ contender: z.string(), wallUsPerRun: spread })),
    waiting: z.array(z.object({ contender: z.string(), retainedKBPerWaitingRun: spread })),
  }),
})

/** The pages and pictures the site builds from the code and the bench (none are checked in). */
export async function prepareDocsSite(): Promise<string[]> {
  const written: string[] = []
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(docsDir, path)), { recursive: true })
    await writeFile(join(docsDir, path), text)
    written.push(path)
  }
  // The HTTP reference: the same route table and zod schemas as /api/openapi.json.
  await write('reference/http.md', apiMarkdown())
  const latest = benchResults.parse(
    JSON.parse(await readFile(join(repoDir, 'bench/results/latest.json'), 'utf8')),
  )
  const bar = (contender: string, value: z.infer<typeof spread>): BenchBar => ({
    label: contender,
    value: value.median,
    min: value.min,
    max: value.max,
  })
  const single = latest.results.single.map((row) => bar(row.contender, row.wallUsPerRun))
  await write(
    'public/bench/single.svg',
    benchChartSvg(single, {
      title: 'One confirmed tool call, wall time per run (log scale, lower is better)',
      unit: 'µs',
      highlight: 'studypulse',
      log: true,
    }),
  )
  const waiting = latest.results.waiting.map((row) =>
    bar(row.contender, row.retainedKBPerWaitingRun),
  )
  await write(
    'public/bench/waiting.svg',
    benchChartSvg(waiting, {
      title: 'Memory held per run waiting for its card (lower is better)',
      unit: 'KB',
      highlight: 'studypulse',
    }),
  )
  // The home page's picture of a card (frontmatter images are served from public/).
  await mkdir(join(docsDir, 'public'), { recursive: true })
  await copyFile(join(docsDir, 'card-diff.png'), join(docsDir, 'public/card-diff.png'))
  written.push('public/card-diff.png')
  return written
}

// `npm run docs` runs this before TypeDoc and VitePress.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await prepareDocsSite()
  console.log(`docs: wrote ${written.map((path) => `docs/${path}`).join(', ')}`)
}
