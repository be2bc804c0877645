/** The one workload every contender runs: propose `create_task` → validate → approve → execute → answer. */
export const workload = Object.freeze({
  userInput: 'Add a task: revise chapter 3 before Friday',
  taskTitle: 'Revise chapter 3',
  finalText: 'Done: I added the task “Revise chapter 3”.',
  toolName: 'create_task',
  toolDescription: 'Create a study task with a title.',
  callId: 'call_1',
})

/** The arguments JSON the scripted model sends with its `create_task` call. */
export const callArguments = JSON.stringify({ title: workload.taskTitle })

/** The title of the k-th task (1-based) in the steady-state scenario. */
export function cycleTitle(k: number): string {
  return `Task ${k}`
}

/** The final text of the steady-state scenario after `cycles` tool calls. */
export function cycleFinalText(cycles: number): string {
  return `Done: ${cycles} tasks added.`
}
