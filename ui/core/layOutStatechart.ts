import type { StatechartGraph } from './statechartGraph.ts'

/** A state box placed on the canvas. */
export interface PlacedState {
  key: string
  x: number
  y: number
  width: number
  height: number
  final: boolean
  initial: boolean
  selfEvents: string[]
}

/** A transition drawn as an SVG path with its label position. */
export interface PlacedEdge {
  id: string
  source: string
  target: string
  label: string
  guard?: string
  eventless: boolean
  path: string
  labelX: number
  labelY: number
  /** How the label aligns to its point (SVG `text-anchor`). */
  anchor: 'start' | 'middle' | 'end'
}

/** A statechart laid out for SVG: boxes in layers, transitions as curves. */
export interface StatechartLayout {
  /** The drawing's bounds (labels included), for the SVG `viewBox`. */
  minX: number
  minY: number
  width: number
  height: number
  states: PlacedState[]
  edges: PlacedEdge[]
  /** Arrows for transitions taken from any state, drawn into their target. */
  fromAnyState: { label: string; target: string; path: string; labelX: number; labelY: number }[]
}

const W = 164
const H = 38
const COL_GAP = 96
const ROW_GAP = 52
const MARGIN_X = 0
const MARGIN_Y = 34
const PAD = 12
/** Approximate label metrics (10.5px text), used to keep labels apart and inside the picture. */
const CHAR_W = 5.9
const LINE_H = 12

/**
 * Lays a statechart out top to bottom: back edges are found by depth-first search from the initial
 * state, the rest are layered by longest path, and each state takes its parents' column if free.
 */
export function layOutStatechart(graph: StatechartGraph): StatechartLayout {
  const keys = graph.states.map((s) => s.key)
  const out = new Map(keys.map((k) => [k, [] as string[]]))
  for (const e of graph.edges) if (e.source !== e.target) out.get(e.source)?.push(e.target)

  // Depth-first search marks back edges; what remains is acyclic.
  const back = new Set<string>()
  const seen = new Set<string>()
  const onStack = new Set<string>()
  const visit = (k: string) => {
    seen.add(k)
    onStack.add(k)
    for (const t of out.get(k) ?? []) {
      if (onStack.has(t)) back.add(`${k}>${t}`)
      else if (!seen.has(t)) visit(t)
    }
    onStack.delete(k)
  }
  if (graph.initial !== undefined) visit(graph.initial)
  for (const k of keys) if (!seen.has(k)) visit(k)

  const forward = graph.edges.filter(
    (e) => e.source !== e.target && !back.has(`${e.source}>${e.target}`),
  )
  const layer = new Map<string, number>(keys.map((k) => [k, 0]))
  // Longest path: relax until stable (the graph is small and acyclic).
  for (let changed = true; changed; ) {
    changed = false
    for (const e of forward) {
      const next = (layer.get(e.source) ?? 0) + 1
      if (next > (layer.get(e.target) ?? 0)) {
        layer.set(e.target, next)
        changed = true
      }
    }
  }
  // States no other state leads to (reached only "from any state") go to the bottom layer.
  const entered = new Set(graph.edges.map((e) => e.target))
  const bottom = Math.max(0, ...layer.values())
  for (const k of keys) if (k !== graph.initial && !entered.has(k)) layer.set(k, bottom)

  const column = new Map<string, number>()
  const layers = [...new Set(layer.values())].sort((a, b) => a - b)
  for (const l of layers) {
    const taken = new Set<number>()
    const inLayer = keys.filter((k) => layer.get(k) === l)
    const wish = (k: string) => {
      const parents = forward.filter((e) => e.target === k && column.has(e.source))
      if (parents.length === 0) return Number.POSITIVE_INFINITY
      return Math.round(
        parents.reduce((s, e) => s + (column.get(e.source) ?? 0), 0) / parents.length,
      )
    }
    for (const k of [...inLayer].sort((a, b) => wish(a) - wish(b))) {
      let c = Number.isFinite(wish(k)) ? wish(k) : 0
      while (taken.has(c)) c += 1
      taken.add(c)
      column.set(k, c)
    }
  }

  const minCol = Math.min(0, ...column.values())
  const cols = Math.max(0, ...column.values()) - minCol + 1
  const rows = layers.length
  const rowOf = new Map(layers.map((l, i) => [l, i]))
  const states: PlacedState[] = graph.states.map((s) => ({
    key: s.key,
    x: MARGIN_X + ((column.get(s.key) ?? 0) - minCol) * (W + COL_GAP),
    y: MARGIN_Y + (rowOf.get(layer.get(s.key) ?? 0) ?? 0) * (H + ROW_GAP),
    width: W,
    height: H,
    final: s.final,
    initial: s.key === graph.initial,
    selfEvents: s.selfEvents,
  }))
  const at = new Map(states.map((s) => [s.key, s]))

  // Edges between the same two states share one curve and one label.
  const merged = new Map<string, PlacedEdge>()
  for (const e of graph.edges) {
    const a = at.get(e.source)
    const b = at.get(e.target)
    if (a === undefined || b === undefined || a === b) continue
    const id = `${e.source}>${e.target}`
    const existing = merged.get(id)
    if (existing) {
      existing.label = `${existing.label} / ${e.label}`
      continue
    }
    const curve = route(a, b, back.has(id))
    merged.set(id, {
      id,
      source: e.source,
      target: e.target,
      label: e.label,
      eventless: e.eventless,
      ...(e.guard !== undefined && { guard: e.guard }),
      ...curve,
    })
  }
  const fromAnyState = graph.fromAnyState.flatMap((f) => {
    const b = at.get(f.target)
    if (b === undefined) return []
    const x = b.x + b.width / 2
    return [{ ...f, path: `M ${x} ${b.y - 34} L ${x} ${b.y}`, labelX: x + 8, labelY: b.y - 20 }]
  })
  const edges = [...merged.values()]
  separateLabels(edges, states)
  const boxes = [
    ...states.map((s) => ({ x1: s.x - 20, y1: s.y, x2: s.x + s.width, y2: s.y + s.height })),
    ...edges.map(labelBox),
    ...fromAnyState.map((f) => ({
      x1: f.labelX,
      y1: f.labelY - 10,
      x2: f.labelX + (f.label.length + 17) * CHAR_W,
      y2: f.labelY + 2,
    })),
  ]
  const minX = Math.min(...boxes.map((b) => b.x1)) - PAD
  const minY = Math.min(0, ...boxes.map((b) => b.y1)) - PAD
  const maxX =
    Math.max(MARGIN_X * 2 + cols * W + (cols - 1) * COL_GAP, ...boxes.map((b) => b.x2)) + PAD
  const maxY = Math.max(MARGIN_Y + rows * H + (rows - 1) * ROW_GAP, ...boxes.map((b) => b.y2)) + PAD
  return { minX, minY, width: maxX - minX, height: maxY - minY, states, edges, fromAnyState }
}

type Rect = { x1: number; y1: number; x2: number; y2: number }

function labelBox(e: PlacedEdge): Rect {
  const lines = e.label.split(' / ')
  const w = Math.max(...lines.map((l) => l.length)) * CHAR_W
  const x1 = e.anchor === 'start' ? e.labelX : e.anchor === 'end' ? e.labelX - w : e.labelX - w / 2
  return { x1, y1: e.labelY - 9, x2: x1 + w, y2: e.labelY - 9 + lines.length * LINE_H }
}

const overlaps = (a: Rect, b: Rect) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2

// Moves labels down, a line at a time, until none overlaps another label or a state box.
function separateLabels(edges: PlacedEdge[], states: PlacedState[]): void {
  const taken: Rect[] = states.map((s) => ({
    x1: s.x,
    y1: s.y,
    x2: s.x + s.width,
    y2: s.y + s.height,
  }))
  for (const e of edges) {
    for (let tries = 0; tries < 8 && taken.some((r) => overlaps(r, labelBox(e))); tries++)
      e.labelY += LINE_H
    taken.push(labelBox(e))
  }
}

type Box = Pick<PlacedState, 'x' | 'y' | 'width' | 'height'>

function route(
  a: Box,
  b: Box,
  isBack: boolean,
): Pick<PlacedEdge, 'path' | 'labelX' | 'labelY' | 'anchor'> {
  const span = Math.abs(b.y - a.y) / (H + ROW_GAP)
  const sameColumn = a.x === b.x
  if (!isBack && b.y > a.y && !(sameColumn && span > 1.01)) {
    // Down to the next layer: bottom centre to top centre.
    const [x1, y1, x2, y2] = [a.x + a.width / 2, a.y + a.height, b.x + b.width / 2, b.y]
    const my = (y1 + y2) / 2
    return { path: `M ${x1} ${y1} C ${x1} ${my}, ${x2} ${my}, ${x2} ${y2}`, ...mid(x1, y1, x2, y2) }
  }
  if (!isBack && b.y > a.y) {
    // A forward jump over states in the same column bows out to the right.
    const [x1, y1, x2, y2] = [a.x + a.width, a.y + a.height / 2, b.x + b.width, b.y + b.height / 2]
    const dx = 26 + 16 * span
    return {
      path: `M ${x1} ${y1} C ${x1 + dx} ${y1}, ${x2 + dx} ${y2}, ${x2} ${y2}`,
      labelX: x1 + dx * 0.75 + 4,
      labelY: (y1 + y2) / 2,
      anchor: 'start',
    }
  }
  if (a.y === b.y && !sameColumn) {
    const [x1, x2] = a.x < b.x ? [a.x + a.width, b.x] : [a.x, b.x + b.width]
    const y = a.y + a.height / 2
    return {
      path: `M ${x1} ${y} L ${x2} ${y}`,
      labelX: (x1 + x2) / 2,
      labelY: y - 6,
      anchor: 'middle',
    }
  }
  if (!sameColumn) {
    // Back up to another column: rise from the top, then turn into the target's facing side.
    const toLeft = b.x < a.x
    const x1 = a.x + a.width / 2 + (toLeft ? -a.width / 4 : a.width / 4)
    const y1 = a.y
    const x2 = toLeft ? b.x + b.width : b.x
    const y2 = b.y + b.height / 2
    return {
      path: `M ${x1} ${y1} C ${x1} ${y2}, ${x1} ${y2}, ${x2} ${y2}`,
      labelX: x1 + 6,
      labelY: (y1 + y2) / 2 + 10,
      anchor: 'start',
    }
  }
  // Back up in the same column: leave from the left and bow out to the left.
  const [x1, y1, x2, y2] = [a.x, a.y + a.height / 2, b.x, b.y + b.height / 2]
  const dx = 24 + 14 * Math.max(1, span)
  return {
    path: `M ${x1} ${y1} C ${x1 - dx} ${y1}, ${x2 - dx} ${y2}, ${x2} ${y2}`,
    labelX: Math.min(x1, x2) - dx * 0.75 - 4,
    labelY: (y1 + y2) / 2,
    anchor: 'end',
  }
}

function mid(x1: number, y1: number, x2: number, y2: number) {
  return { labelX: (x1 + x2) / 2 + 6, labelY: (y1 + y2) / 2 + 4, anchor: 'start' as const }
}
