// Every code sample a user reads (the README, docs/guide/*.md, docs/*.md) is checked against the
// code, so a sample that drifts fails `npm test`: TypeScript is type-checked against the
// package's entry points by name and run unless marked `<!-- sample: no-run (why) -->`; JSON is
// parsed (and read through its schema when marked as mcp.json or approval-rules.json); shell
// names real npm scripts, files, packages and variables.
import { describe, expect, it } from 'vitest'
import { mcpConfigSchema } from '../../tools/mcp/mcpConfig.ts'
import { parseApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { allCodeSamples, type CodeSample } from './codeSamples.ts'
import { runSample, typecheckSamples, writeSampleProject } from './sampleProject.ts'
import { checkShellSample } from './shellCommands.ts'

const samples = allCodeSamples()
const typescript = samples.filter((sample) => sample.lang === 'ts' || sample.lang === 'tsx')
const synthetic = (code: string): CodeSample => ({
  where: 'synthetic.md:1',
  lang: 'ts',
  code,
  mode: 'run',
  prelude: '',
})

describe('the documentation samples', () => {
  it('are found: TypeScript, shell and JSON, in the README and the guides', () => {
    const langs = new Set(samples.map((sample) => sample.lang))
    expect([...langs]).toEqual(expect.arrayContaining(['ts', 'tsx', 'sh', 'json']))
    expect(typescript.filter((sample) => sample.where.startsWith('README.md'))).not.toEqual([])
    expect(typescript.filter((sample) => sample.mode === 'run').length).toBeGreaterThanOrEqual(2)
  })

  it('every TypeScript sample type-checks against the entry points (and a wrong one does not)', {
    timeout: 180_000,
  }, async () => {
    const wrong = synthetic("import { noSuchExport } from 'studypulse-agent'\nnoSuchExport()")
    const errors = await typecheckSamples(writeSampleProject([...typescript, wrong]))
    const fromDocs = errors.filter((error) => !error.where.startsWith('synthetic.md'))
    expect(fromDocs.map((e) => `${e.where}: ${e.message}`)).toEqual([])
    const caught = errors.filter((error) => error.where.startsWith('synthetic.md'))
    expect(caught).toEqual([
      { where: 'synthetic.md:2', message: expect.stringContaining('noSuchExport') },
    ])
  })

  it.each(
    typescript.filter((sample) => sample.mode === 'run').map((sample) => [sample.where, sample]),
  )('%s runs to the end', { timeout: 120_000 }, async (_where, sample) => {
    const index = typescript.indexOf(sample)
    const result = await runSample(sample, index)
    expect(result.code, result.output).toBe(0)
  })

  it('a sample that fails when run is reported as failed', { timeout: 120_000 }, async () => {
    const result = await runSample(synthetic("throw new Error('drifted')"), 999)
    expect(result.code).not.toBe(0)
    expect(result.output).toContain('drifted')
  })

  it('every JSON sample parses, and a named one is valid as that file', () => {
    const json = samples.filter((sample) => sample.lang === 'json')
    const read = (sample: CodeSample) => {
      const value: unknown = JSON.parse(sample.code)
      if (sample.names === 'mcp.json') return mcpConfigSchema.safeParse(value).success
      if (sample.names === 'approval-rules.json') return parseApprovalRules(value).ok
      return true
    }
    expect(json.filter((sample) => !read(sample)).map((sample) => sample.where)).toEqual([])
    expect(json.map((sample) => sample.names)).toEqual(
      expect.arrayContaining(['mcp.json', 'approval-rules.json']),
    )
    // The schemas do refuse: a rule that covers nothing is not a rule.
    expect(parseApprovalRules({ version: 1, rules: [{ approvers: { users: ['a'] } }] }).ok).toBe(
      false,
    )
  })

  it('every shell sample names real npm scripts, files, packages and variables', () => {
    const shell = samples.filter((sample) => sample.lang === 'sh' || sample.lang === 'bash')
    expect(shell.length).toBeGreaterThan(5)
    expect(shell.flatMap((sample) => checkShellSample(sample))).toEqual([])
  })

  it('a shell sample that drifts is caught, at its line', () => {
    const drifted: CodeSample = {
      ...synthetic(
        [
          'npm start',
          'npm run no-such-script',
          'STUDYPULSE_NO_SUCH_VARIABLE=1 npm start',
          'cd bench && npx tsx no-such-file.ts',
          'npm install no-such-package',
          'npm install ai@6 @ai-sdk/react@4',
          'npm install openai @anthropic-ai/sdk',
        ].join('\n'),
      ),
      lang: 'sh',
    }
    expect(checkShellSample(drifted)).toEqual([
      { where: 'synthetic.md:3', problem: 'no npm script no-such-script in package.json' },
      { where: 'synthetic.md:4', problem: 'unknown variable STUDYPULSE_NO_SUCH_VARIABLE' },
      { where: 'synthetic.md:5', problem: 'no file bench/no-such-file.ts' },
      { where: 'synthetic.md:6', problem: 'no-such-package is no dependency' },
      { where: 'synthetic.md:7', problem: 'ai@6: the repository has ai 7' },
      {
        where: 'synthetic.md:8',
        problem: 'openai: name its major (openai@7); it declares Node 22',
      },
    ])
  })
})
