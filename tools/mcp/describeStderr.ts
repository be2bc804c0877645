// A line that opens an error report: `TypeError: …`, `Error [ERR_X]: …`, `error: …`, `fatal: …`,
// `panic: …`, Python's `Traceback …`, npm's `npm ERR! …`.
const errorLine = /^(\w*(Error|Exception)\b|(npm )?ERR!|error\b|fatal\b|panic\b|Traceback\b)/i
/** The longest line shown. */
const lineKept = 300

/**
 * What a server's stderr says of why it failed, on one line: the first line that reads as an
 * error, then the last two lines. A crash report's last lines (`}`, `Node.js v20.20.2`) rarely
 * say what went wrong; its first error line does.
 */
export function describeStderr(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const first = lines.findIndex((line) => errorLine.test(line))
  const shown =
    first === -1 || first >= lines.length - 3
      ? lines.slice(-3)
      : [lines[first] as string, '…', ...lines.slice(-2)]
  return shown
    .map((line) => (line.length > lineKept ? `${line.slice(0, lineKept)}…` : line))
    .join(' | ')
}
