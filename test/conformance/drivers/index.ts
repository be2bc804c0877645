// Every face the conformance suite runs, in the table's column order. A new face adds a driver here.
import type { FaceDriver } from '../face.ts'
import { chatDriver } from './chatDriver.ts'
import { elicitationDriver } from './elicitationDriver.ts'
import { gatewayDriver } from './gatewayDriver.ts'
import { httpDriver } from './httpDriver.ts'
import { pageDriver } from './pageDriver.ts'
import { runtimeDriver } from './runtimeDriver.ts'
import { signedPageDriver } from './signedPageDriver.ts'
import { terminalDriver } from './terminalDriver.ts'
import { toolApprovalDriver } from './toolApprovalDriver.ts'

/** Every face's driver. */
export function allFaces(): FaceDriver[] {
  return [
    runtimeDriver(),
    httpDriver(),
    chatDriver(),
    toolApprovalDriver(),
    gatewayDriver('http'),
    gatewayDriver('stdio'),
    elicitationDriver(),
    pageDriver(),
    pageDriver({}, 'MCP gateway (elicitation URL)', 'url-elicitation'),
    terminalDriver(),
    signedPageDriver(),
  ]
}

/** The drivers this run uses: every face, or the one `STUDYPULSE_CONFORMANCE_FACE` names. */
export function faceDrivers(): FaceDriver[] {
  const only = process.env.STUDYPULSE_CONFORMANCE_FACE
  return only === undefined ? allFaces() : allFaces().filter((d) => d.face === only)
}
