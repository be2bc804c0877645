/** Judges one evaluation case: the workspace changed exactly as expected, and the answer says what it should. */

import type { Task } from '../../../../workspace/schemas.ts'
import type { EvalCase, TaskSpec } from './evalCase.ts'
import type { Snapshot } from './runEval.ts'

/** The problems found (none: the case passed). */
export function checkCase(
  c: EvalCase,
  before: Snapshot,
  after: Snapshot,
  answer: string,
  called: readonly string[],
): string[] {
  const e = c.expect
  const problems: string[] = []
  const fresh = after.tasks.filter((t) => !before.tasks.some((b) => b.id === t.id))
  const created = e.created ?? []
  if (fresh.length !== created.length)
    problems.push(`expected ${created.length} new task(s), got ${describeTasks(fresh)}`)
  else
    created.forEach((spec, i) => {
      const miss = mismatch(fresh[i], spec)
      if (miss) problems.push(`new task ${i + 1}: ${miss} (${describeTasks(fresh)})`)
    })
  for (const old of before.tasks) {
    const now = after.tasks.find((t) => t.id === old.id)
    const spec = e.updated?.find((u) => u.was === old.title)
    if (e.deleted?.includes(old.title)) {
      if (now !== undefined) problems.push(`“${old.title}” should be deleted`)
    } else if (now === undefined) problems.push(`“${old.title}” was deleted`)
    else if (spec !== undefined) {
      const miss = mismatch(now, spec)
      if (miss) problems.push(`“${old.title}”: ${miss} (${describeTasks([now])})`)
    } else if (!sameTask(old, now)) problems.push(`“${old.title}” changed: ${describeTasks([now])}`)
  }
  problems.push(...checkMemory(c, before, after), ...checkNotes(c, before, after))
  for (const pattern of e.answer ?? [])
    if (!pattern.test(answer)) problems.push(`answer lacks ${pattern}: “${answer}”`)
  const said = c.say.at(-1) ?? ''
  if (e.noEcho && said.length > 12 && answer.toLowerCase().includes(said.toLowerCase()))
    problems.push(`answer echoes the request: “${answer}”`)
  for (const name of e.called ?? [])
    if (!called.includes(name))
      problems.push(`${name} was not called (called: ${called.join(', ')})`)
  return problems
}

function checkMemory(c: EvalCase, before: Snapshot, after: Snapshot): string[] {
  const problems: string[] = []
  const added = after.memory.filter((m) => !before.memory.some((b) => b.id === m.id))
  const gone = before.memory.filter((m) => !after.memory.some((a) => a.id === m.id))
  const { memory, forgotten, memoryCleared } = c.expect
  if (memory === undefined ? added.length > 0 : !added.some((m) => memory.test(m.text)))
    problems.push(`memory added: ${JSON.stringify(added.map((m) => m.text))}, wanted ${memory}`)
  const shown = JSON.stringify(gone.map((m) => m.text))
  if (memoryCleared) {
    if (after.memory.length > 0)
      problems.push(`memory left: ${JSON.stringify(after.memory.map((m) => m.text))}`)
  } else if (forgotten === undefined ? gone.length > 0 : !gone.some((m) => forgotten.test(m.text)))
    problems.push(`memory forgotten: ${shown}, wanted ${forgotten}`)
  // Forgetting one thing must not take others with it.
  else if (forgotten !== undefined && !gone.every((m) => forgotten.test(m.text)))
    problems.push(`memory forgotten: ${shown}, wanted only ${forgotten}`)
  return problems
}

// Notes are judged by title and content, whatever tool or file name carried the change.
function checkNotes(c: EvalCase, before: Snapshot, after: Snapshot): string[] {
  const added = after.notes.filter(
    (n) => !before.notes.some((b) => b.title === n.title && b.content === n.content),
  )
  const gone = before.notes.filter((b) => !after.notes.some((n) => n.title === b.title))
  const wantGone = c.expect.notesGone ?? []
  const problems = [
    ...gone
      .filter((n) => !wantGone.some((pattern) => pattern.test(n.title)))
      .map((n) => `the note “${n.title}” is gone`),
    ...wantGone
      .filter((pattern) => !gone.some((n) => pattern.test(n.title)))
      .map((pattern) => `no note like ${pattern} went`),
  ]
  const want = c.expect.note
  const shown = JSON.stringify(added.map((n) => [n.title, n.content]))
  if (want === undefined)
    return added.length > 0 ? [...problems, `notes saved: ${shown}`] : problems
  const fits = added.some(
    (n) => (want.title?.test(n.title) ?? true) && (want.content?.test(n.content) ?? true),
  )
  return fits
    ? problems
    : [...problems, `no new note like ${want.title} / ${want.content}: ${shown}`]
}

function mismatch(task: Task | undefined, spec: TaskSpec): string | undefined {
  if (task === undefined) return 'missing'
  if (spec.title && !spec.title.test(task.title)) return `title “${task.title}” !~ ${spec.title}`
  if (spec.due !== undefined && (task.due ?? null) !== spec.due)
    return `due ${task.due} ≠ ${spec.due}`
  if (spec.importance !== undefined) {
    const [lo, hi] =
      typeof spec.importance === 'number' ? [spec.importance, spec.importance] : spec.importance
    const level = task.importance ?? 0
    if (level < lo || level > hi) return `importance ${task.importance} ∉ [${lo}, ${hi}]`
  }
  if (spec.done !== undefined && task.done !== spec.done) return `done ${task.done} ≠ ${spec.done}`
  if (spec.notes && !spec.notes.test(task.notes ?? ''))
    return `notes “${task.notes}” !~ ${spec.notes}`
  return undefined
}

function sameTask(a: Task, b: Task): boolean {
  return (
    a.title === b.title &&
    a.due === b.due &&
    a.importance === b.importance &&
    a.done === b.done &&
    a.notes === b.notes
  )
}

function describeTasks(tasks: readonly Task[]): string {
  if (tasks.length === 0) return 'none'
  return tasks
    .map(
      (t) =>
        `“${t.title}” due ${t.due ?? '-'} imp ${t.importance ?? '-'}${t.done ? ' done' : ''}${t.notes ? ` notes “${t.notes}”` : ''}`,
    )
    .join('; ')
}
