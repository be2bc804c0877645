import { RunCommandError } from './RunCommandError.ts'
import type { RunSource, RunSourceCommand } from './RunSource.ts'

/** A run that can say whether a command was accepted (as `RemoteRunClient` does). */
interface RequestingRun extends RunSource {
  request(command: RunSourceCommand): Promise<void>
}

const canRequest = (run: RunSource): run is RequestingRun =>
  typeof (run as Partial<RequestingRun>).request === 'function'

/**
 * Sends a command and resolves once the run took it; rejects with `RunCommandError` when not
 * (`confirmation_not_found` for a card that is no longer pending). Works for in-process actors too.
 */
export async function submitCommand(run: RunSource, command: RunSourceCommand): Promise<void> {
  if (canRequest(run)) return run.request(command)
  // A source that cannot answer ignores an event its run refuses: the snapshot then stays the
  // same object. The run's own guard decided; nothing here second-guesses it.
  const before = run.getSnapshot()
  run.send(command)
  if ((command.type === 'CONFIRM' || command.type === 'DENY') && run.getSnapshot() === before) {
    throw new RunCommandError('confirmation_not_found', `the run refused ${command.confirmationId}`)
  }
}
