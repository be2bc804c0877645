/**
 * The StudyPulse app server for Node: the JSON API and run event streams (and, given `distDir`,
 * a built page with its token filled in), bound to 127.0.0.1. Node only.
 *
 * @module studypulse-agent/server
 */

export { AppServerError, type AppServerErrorCode } from './app/server/AppServerError.ts'
export {
  type AppHandler,
  type AppHandlerOptions,
  type AppServer,
  type AppServerOptions,
  createAppHandler,
  createAppServer,
} from './app/server/createAppServer.ts'
export {
  type PasskeyRelyingParty,
  passkeyRelyingParty,
} from './app/server/passkeys/PasskeyRelyingParty.ts'
export { passkeySignedApprovals } from './app/server/passkeys/passkeySignatures.ts'
export { tokenHeader } from './app/server/requestGuard.ts'
export { tokenPlaceholder } from './app/server/serveStatic.ts'
