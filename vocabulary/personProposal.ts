/**
 * The workspace changes a person may ask for from the app's own buttons (a task's Edit, Move and
 * Delete; a note's Edit and Delete), not through the model: each is still a call with its card.
 */
export const personProposalTools = [
  'update_task',
  'delete_task',
  'update_note',
  'delete_note',
] as const

/** A tool a person may propose from the app's buttons. */
export type PersonProposalTool = (typeof personProposalTools)[number]

/** Whether `name` is a tool a person may propose from the app's buttons. */
export function isPersonProposalTool(name: string): name is PersonProposalTool {
  return (personProposalTools as readonly string[]).includes(name)
}

/** A change a person asked for from the app's buttons: the call, and their words for the chat. */
export interface PersonProposal {
  tool: PersonProposalTool
  /** The call's arguments, checked by the tool like a model's. */
  args: Record<string, unknown>
  /** What the person reads back in the conversation, e.g. `Delete “Essay draft”`. */
  words: string
}
