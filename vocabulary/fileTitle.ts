/**
 * A file as a person names it: "lecture-2.md" reads "Lecture 2", "notes/krebs_cycle.txt" reads
 * "Krebs cycle". The folder, the extension and the dashes are the file system's, not the student's.
 */
export function fileTitle(path: string): string {
  const base = path.split('/').at(-1) ?? path
  const words = base
    .replace(/\.[a-z0-9]{1,8}$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
  if (words === '') return path
  return `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`
}

/** Files named as a person reads them, quoted and listed: `“Lecture 2” and “Notes”`. */
export function fileTitles(paths: readonly string[]): string {
  const quoted = paths.map((path) => `“${fileTitle(path)}”`)
  if (quoted.length < 2) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
}
