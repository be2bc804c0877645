import type { CallDescription } from '../../../vocabulary/CallDescription.ts'

/** What `describeCall` may answer: the stored note, at a version the card is then bound to. */
export const describedWithTarget: CallDescription = {
  version: 1,
  headline: 'Overwrite note n1',
  target: { kind: 'note', id: 'n1', version: 'v1' },
}

/** What `describeCall` answers when it could not read the target: a headline and a notice, no target. */
export const describedWithoutTarget: CallDescription = {
  version: 1,
  headline: 'Write a note',
  notice: { code: 'not_described', text: 'Could not read what this would change.' },
}

/** What an edited call is described as: another target, or the same one at another version. */
export const describedEdit: CallDescription = {
  version: 1,
  headline: 'Overwrite note n2',
  target: { kind: 'note', id: 'n2', version: 'v-edit' },
}

/** A description made for some other call: a card must never show it. */
export const describedOtherCall: CallDescription = {
  version: 1,
  headline: 'Delete note of another call',
  target: { kind: 'note', id: 'n-other', version: 'v-other' },
}
