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
