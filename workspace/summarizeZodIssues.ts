import type { z } from 'zod'

const MAX_ISSUES = 5

/** A one-line summary of what failed validation, e.g. `tasks.0.importance: Too big: expected number to be <=5`. */
export function summarizeZodIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'
    return `${where}: ${issue.message}`
  })
  const more = error.issues.length - MAX_ISSUES
  if (more > 0) lines.push(`and ${more} more`)
  return lines.join('; ')
}
