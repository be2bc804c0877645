import type { DescribedField, LineDiff } from '../../vocabulary/CallDescription.ts'
import type { RecordSet } from '../../workspace/changes/recordPatches.ts'
import type { VersionedKind } from '../../workspace/recordVersion.ts'
import type { Artifact, MemoryEntry, Task } from '../../workspace/schemas.ts'
import { lineDiff } from '../lineDiff.ts'
import { quote } from './quote.ts'
import { cut, taskFieldText } from './taskText.ts'

/** What a card shows of one record's change: its name, what happens to it, rows and a diff. */
export interface RecordChangeView {
  name: string
  /** `back`: it does not exist and will again; `gone`: it will be removed; `changed`: edited. */
  effect: 'back' | 'gone' | 'changed'
  fields: DescribedField[]
  diff?: LineDiff
}

/** How the change of record `kind`/`id` from `before` to `after` reads on a card. */
export function recordChangeView(
  kind: VersionedKind,
  id: string,
  before: RecordSet,
  after: RecordSet,
): RecordChangeView {
  const was = before[kind][id]
  const is = after[kind][id]
  const effect = was === undefined ? 'back' : is === undefined ? 'gone' : 'changed'
  if (kind === 'task') return { effect, ...taskChange(was as Task, is as Task) }
  if (kind === 'memory') {
    const [a, b] = [(was as MemoryEntry | undefined)?.text, (is as MemoryEntry | undefined)?.text]
    const name = quote(cut(a ?? b ?? id, 100))
    return { name, effect, fields: [row('Remembered', a, b)] }
  }
  const [a, b] = [was as Artifact | undefined, is as Artifact | undefined]
  const fields = a?.title === b?.title ? [] : [row('Title', a?.title, b?.title)]
  const diff = lineDiff(a?.content ?? '', b?.content ?? '')
  return { name: `the note ${quote(a?.title ?? b?.title ?? id)}`, effect, fields, diff }
}

function taskChange(was: Task | undefined, is: Task | undefined) {
  const a = was && taskFieldText(was)
  const b = is && taskFieldText(is)
  const labels = Object.keys(a ?? b ?? {}) as (keyof ReturnType<typeof taskFieldText>)[]
  const fields = labels
    // Title stays for context; other fields show when they change, or when the task comes or goes.
    .filter(
      (label) =>
        label === 'Title' || a?.[label] !== b?.[label] || a === undefined || b === undefined,
    )
    .filter((label) => (a?.[label] ?? '') !== '' || (b?.[label] ?? '') !== '')
    .map((label) => row(label, a && (a[label] || '(none)'), b && (b[label] || '(none)')))
  return { name: `task ${quote(was?.title ?? is?.title ?? '')}`, fields }
}

function row(label: string, before: string | undefined, after: string | undefined): DescribedField {
  return {
    label,
    ...(before !== undefined && { before: cut(before) }),
    ...(after !== undefined && { after: cut(after) }),
  }
}
