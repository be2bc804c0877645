import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { heartbeatMs, openEventStream } from './eventStream.ts'

/** What the live panel follows: the asker's workspace, and the runtime's runs they may see. */
export interface ChangeSources {
  runtime: AgentRuntime
  workspace: StudyWorkspace
  visible: (runId: string) => boolean
}

/**
 * The live panel's one stream: a `ready` frame (`watching` says whether the workspace can be
 * followed), then a `workspace` frame (`{ parts }`) after each change to the study data, whoever
 * made it (this app, the terminal chat, another node), and a `runs` frame (`{ runId, status }`)
 * each time a run of this runtime that the asker may see changes state, for the run list.
 */
export function streamChanges(
  req: IncomingMessage,
  res: ServerResponse,
  { runtime, workspace, visible }: ChangeSources,
): void {
  openEventStream(res)
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  send('ready', { watching: workspace.watchChanges !== undefined })
  const stops = [
    workspace.watchChanges?.((change) => send('workspace', change)),
    runtime.subscribe((event) => {
      if (event.kind === 'statusChanged' && visible(event.runId))
        send('runs', { runId: event.runId, status: event.status })
    }),
  ]
  const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs)
  req.on('close', () => {
    clearInterval(heartbeat)
    for (const stop of stops) stop?.()
  })
}
