// A line that opens an error report: `TypeError: …`, `Error [ERR_X]: …`, Node's bracketed
// `[Error: …]`, `error: …`, `fatal: …`, `panic: …`, Python's `Traceback …`, npm's `npm ERR! …`.
const errorLine =
  /^(\[?\w*(Error|Exception|Rejection)\b|(npm )?ERR!|error\b|fatal\b|panic\b|Traceback\b)/i
// Lines of a crash report that say nothing of what went wrong: Node's version, its advice, a stack
// frame, the place of the throw (`node:internal/modules/run_main:123`, `file:///x.mjs:2`), npm's
// chatter while it installs.
const noise =
  /^(Node\.js v\d|\(Use `node --trace|at\s|(node:[\w/.-]+|file:\/\/\S+|\/\S+|[A-Za-z]:\\\S+):\d+$|npm (warn|notice)\b)/i
// The caret under the source line Node quotes where it threw (`triggerUncaughtException(`).
const caret = /^\^+$/
/** The longest line shown. */
const lineKept = 300

/**
 * What a server's stderr says of why it failed, on one line: the first line that reads as an
 * error, then the last two lines. A crash report's last lines (`}`, `Node.js v20.20.2`) rarely
 * say what went wrong; its first error line does. Node's frame around it (the quoted source line
 * of the throw, often its own `triggerUncaughtException(`, the stack, the error's properties,
 * its version) is left out.
 */
export function describeStderr(stderr: string): string {
  const lines = meaningful(
    stderr
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  )
  const first = lines.findIndex((line) => errorLine.test(line))
  const shown =
    first === -1 || first >= lines.length - 3
      ? lines.slice(-3)
      : [lines[first] as string, '…', ...lines.slice(-2)]
  return shown
    .map((line) => (line.length > lineKept ? `${line.slice(0, lineKept)}…` : line))
    .join(' | ')
}

function meaningful(lines: readonly string[]): string[] {
  const kept: string[] = []
  let inProperties = false
  for (const [i, line] of lines.entries()) {
    // Node prints an error's own properties as `{ code: …, path: … }` after its message or frames.
    if (inProperties) {
      inProperties = line !== '}'
      continue
    }
    const opens = line.endsWith(' {') && (errorLine.test(line) || /^at\s/.test(line))
    if (opens) inProperties = true
    if (caret.test(line) || caret.test(lines[i + 1] ?? '') || noise.test(line)) continue
    const said = opens ? line.slice(0, -2) : line
    // `[Error: …]`: Node's way of printing an error that carries no stack.
    kept.push(/^\[\w*Error\b.*\]$/.test(said) ? said.slice(1, -1) : said)
  }
  return kept
}
