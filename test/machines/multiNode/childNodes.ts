import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { nodeScript } from '../../helpers/nodeScript.ts'

const script = join(import.meta.dirname, 'nodeChild.ts')

/** A node in its own process, driven by `nodeChild.ts`'s JSON-line commands. */
export interface ChildNode {
  readonly name: string
  readonly process: ChildProcess
  /** Sends a command and resolves with the node's answer to it. */
  ask<T = Record<string, unknown>>(command: Record<string, unknown>): Promise<T>
  /** Resolves once the process has exited. */
  readonly exited: Promise<number | null>
  kill(signal?: NodeJS.Signals): Promise<void>
}

/** Starts a node process on `url` and resolves once it is ready. */
export function spawnNode(
  url: string,
  name: string,
  options: { leaseMs?: number; rescanEveryMs?: number } = {},
): Promise<ChildNode> {
  const args = [String(options.leaseMs ?? 2_000), String(options.rescanEveryMs ?? '')]
  const proc = spawn(process.execPath, [...nodeScript(script), url, name, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  proc.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  const waiting = new Map<number, { resolve: (value: never) => void; reject: (e: Error) => void }>()
  let nextId = 1
  return new Promise((resolve, reject) => {
    const node: ChildNode = {
      name,
      process: proc,
      exited,
      ask: (command) =>
        new Promise((resolveAnswer, rejectAnswer) => {
          const id = nextId++
          waiting.set(id, {
            resolve: resolveAnswer as (value: never) => void,
            reject: rejectAnswer,
          })
          proc.stdin?.write(`${JSON.stringify({ id, ...command })}\n`)
        }),
      kill: async (signal = 'SIGKILL') => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal)
        await exited
      },
    }
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; ready?: string; error?: string }
      if (message.ready !== undefined) return resolve(node)
      const entry = waiting.get(message.id ?? -1)
      if (entry === undefined) return
      waiting.delete(message.id ?? -1)
      if (message.error !== undefined) entry.reject(new Error(`${name}: ${message.error}`))
      else entry.resolve(message as never)
    })
    void exited.then((code) => {
      const error = new Error(`node ${name} exited (${code}): ${stderr.slice(-2000)}`)
      for (const entry of waiting.values()) entry.reject(error)
      waiting.clear()
      reject(error)
    })
  })
}
