import { z } from 'zod'
import { fileTitles } from '../../vocabulary/fileTitle.ts'
import { toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import { checkSourcePathForm } from '../../workspace/sourcePaths.ts'
import { type AnyToolDefinition, defineTool } from '../defineTool.ts'
import { defaultSandboxLimits, runInSandbox, type SandboxLimits } from '../sandbox/runInSandbox.ts'

/** Limits a `run_code` tool enforces; each defaults to `defaultSandboxLimits`. */
export type RunCodeOptions = Partial<SandboxLimits>

const MAX_CODE_CHARACTERS = 20_000
const MAX_INPUTS = 8

/** A `run_code` (execute) tool with its own limits: JavaScript in a QuickJS WebAssembly sandbox. */
export function createRunCodeTool(options: RunCodeOptions = {}): AnyToolDefinition {
  const limits: SandboxLimits = { ...defaultSandboxLimits, ...options }
  return defineTool({
    name: 'run_code',
    description: [
      'Run a short JavaScript program in an isolated sandbox and get back what it printed with console.log and the value of its last expression.',
      'Use it for arithmetic, statistics, unit conversions, or checking an answer; do not do such sums in your head.',
      'There is no file system, network, timers, require, import or process.',
      "`inputs` names notebook sources to pass in read-only; the code reads them as `inputs['lecture-2.md']` (text).",
      `Limits: ${limits.timeoutMs} ms of CPU, ${mebibytes(limits.memoryLimitBytes)} of memory, ${kibibytes(limits.maxOutputBytes)}${Number.isFinite(limits.maxOutputLines) ? ` or ${limits.maxOutputLines} lines` : ''} of output.`,
    ].join(' '),
    parameters: z.strictObject({
      code: z.string().min(1).max(MAX_CODE_CHARACTERS),
      inputs: z.array(z.string().min(1).max(500)).max(MAX_INPUTS).optional(),
    }),
    permission: 'execute',
    check(args) {
      if (args.code.trim() === '') return 'code must not be blank'
      const inputs = args.inputs ?? []
      if (new Set(inputs).size !== inputs.length) return 'inputs must not name a source twice'
      for (const path of inputs) {
        const problem = checkSourcePathForm(path)
        if (problem !== undefined) return `inputs: ${path}: ${problem}`
      }
      return undefined
    },
    preview(args) {
      const lines = args.code.trimEnd().split('\n').length
      const inputs = args.inputs ?? []
      // A sum the code names in its first line ("// 15% of 80") is said as that sum, in words;
      // the card still shows every line that would run. Sources by the titles the panel shows.
      const sum = /^\s*\/\/\s*(\S.{0,79})$/.exec(args.code.split('\n')[0] ?? '')?.[1]?.trim()
      const from = inputs.length === 0 ? '' : ` from ${fileTitles(inputs)}`
      const size = `${lines} ${lines === 1 ? 'line' : 'lines'} of code that can change nothing`
      return `${sum === undefined ? 'Work something out' : `Work out ${sum}`}${from} (${size})`
    },
    async execute(args, { workspace, sourcePaths, signal }) {
      // Sources go in as text only, through the same notebook scoping as read_source.
      const inputs: [string, string][] = []
      for (const path of args.inputs ?? []) {
        const read = await workspace.readSource(sourcePaths, path)
        if (!read.ok) return toolFailure(read.error.code, read.error.message)
        inputs.push([path, read.content])
      }
      const outcome = await runInSandbox({
        code: args.code,
        inputs: Object.fromEntries(inputs),
        limits,
        signal,
      })
      if (outcome.ok) {
        const { ok: _ok, ...data } = outcome
        return toolOk(data)
      }
      const details = {
        ...(outcome.line !== undefined && { line: outcome.line }),
        ...(outcome.output !== '' && { output: outcome.output }),
      }
      return toolFailure(
        outcome.code,
        outcome.message,
        Object.keys(details).length > 0 ? details : undefined,
      )
    },
  })
}

/** `run_code` (execute) with the default limits: 32 MB, 2 s, 64 KB of output. */
export const runCode = createRunCodeTool()

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
}

function kibibytes(bytes: number): string {
  return `${Math.round((bytes / 1024) * 10) / 10} KB`
}
