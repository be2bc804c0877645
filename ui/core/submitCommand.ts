import { RunCommandError } from './RunCommandError.ts'
import type { RunCommand, RunSource } from './RunSource.ts'
import { selectPendingId } from './runSelectors.ts'

/** A run that can say whether a command was accepted (as `RemoteRunClient` does). */
interface RequestingRun extends RunSource {
  request(command: RunCommand): Promise<void>
}

const canRequest = (run: RunSource): run is RequestingRun =>
  typeof (run as Partial<RequestingRun>).request === 'function'

/**
 * Sends a command and resolves once the run took it; rejects with `RunCommandError` when not
 * (`confirmation_not_found` for a card that is no longer pending). Works for in-process actors too.
 */
export async function submitCommand(run: RunSource, command: RunCommand): Promise<void> {
  if (canRequest(run)) return run.request(command)
  if (command.type !== 'CONFIRM' && command.type !== 'DENY') {
    run.send(command)
    return
  }
  // An actor ignores an event its guards refuse; check before and after to report it.
  if (selectPendingId(run.getSnapshot()) !== command.confirmationId) {
    throw new RunCommandError(
      'confirmation_not_found',
      `confirmation ${command.confirmationId} is not pending`,
    )
  }
  run.send(command)
  if (selectPendingId(run.getSnapshot()) === command.confirmationId) {
    throw new RunCommandError('confirmation_not_found', `the run refused ${command.confirmationId}`)
  }
}
