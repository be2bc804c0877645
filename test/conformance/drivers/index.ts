// Every face the conformance suite runs, in the table's column order. A new face adds a driver here.
import type { FaceDriver } from '../face.ts'
import { chatDriver } from './chatDriver.ts'
import { httpDriver } from './httpDriver.ts'
import { runtimeDriver } from './runtimeDriver.ts'
import { toolApprovalDriver } from './toolApprovalDriver.ts'

/** The drivers, one per face. */
export function faceDrivers(): FaceDriver[] {
  const only = process.env.STUDYPULSE_CONFORMANCE_FACE
  const all = [runtimeDriver(), httpDriver(), chatDriver(), toolApprovalDriver()]
  return only === undefined ? all : all.filter((d) => d.face === only)
}
