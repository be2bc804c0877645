interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[] | ProfileNode[]
  selfSize?: number
}
/** The parts of a V8 `.cpuprofile` this summary reads. */
export interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}
/** The parts of a V8 sampling `.heapprofile` this summary reads. */
export interface HeapProfile {
  head: ProfileNode
}

const where = (url: string): string => {
  const path = url.replace(/^file:\/\//, '')
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  if (pkg) return pkg[1] ?? path
  if (path === '') return '(native/vm)'
  if (path.startsWith('node:')) return 'node:*'
  const repo = /\/main\/(.+)$/.exec(path)
  return repo?.[1] ?? path
}

/** Amounts (µs or bytes) per stack frame, added up by function and by package or file. */
function tally(entries: Iterable<[CallFrame, number]>) {
  const byFunction = new Map<string, number>()
  const byPlace = new Map<string, number>()
  let total = 0
  for (const [frame, amount] of entries) {
    const place = where(frame.url)
    const fn = `${frame.functionName || '(anonymous)'}  ${place}:${frame.lineNumber + 1}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + amount)
    byPlace.set(place, (byPlace.get(place) ?? 0) + amount)
    total += amount
  }
  return { byFunction, byPlace, total }
}

function render(
  { byFunction, byPlace, total }: ReturnType<typeof tally>,
  top: number,
  runs: number | undefined,
  unit: { name: string; scale: number; perRun: string },
): string {
  const perRun = (x: number) =>
    runs ? `${(x / unit.scale / runs).toFixed(1).padStart(8)} ${unit.perRun}/run` : ''
  const lines = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, x]) => `${((100 * x) / total).toFixed(1).padStart(5)}%  ${perRun(x)}  ${key}`)
  return [
    `total ${(total / unit.scale / (runs ?? 1)).toFixed(1)} ${unit.perRun} per run (${unit.name}) over ${runs ?? '?'} measured runs`,
    '',
    'self by package / file:',
    ...lines(byPlace, 25),
    '',
    `top ${top} functions by self ${unit.name}:`,
    ...lines(byFunction, top),
  ].join('\n')
}

/** Self time by function and by package or repository file, as a printable text table. */
export function summarizeProfile(profile: CpuProfile, top: number, runs?: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const entries: [CallFrame, number][] = []
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)
    if (frame) entries.push([frame, profile.timeDeltas[i] ?? 0])
  })
  return render(tally(entries), top, runs, { name: 'CPU time', scale: 1, perRun: 'µs' })
}

/** Sampled allocation by function and by package or repository file, as a printable table. */
export function summarizeHeapProfile(profile: HeapProfile, top: number, runs?: number): string {
  const entries: [CallFrame, number][] = []
  // Builtins (Set, Map, keys…) are charged to the JavaScript function that called them.
  const walk = (node: ProfileNode, caller: CallFrame | undefined) => {
    const frame = node.callFrame
    const native = frame.url === '' && caller !== undefined
    const charged = native
      ? {
          ...caller,
          functionName: `${frame.functionName} ← ${caller.functionName || '(anonymous)'}`,
        }
      : frame
    entries.push([charged, node.selfSize ?? 0])
    for (const child of (node.children ?? []) as ProfileNode[]) walk(child, native ? caller : frame)
  }
  walk(profile.head, undefined)
  return render(tally(entries), top, runs, { name: 'allocation', scale: 1024, perRun: 'KB' })
}
