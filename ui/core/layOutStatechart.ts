import type { ELK, ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk.bundled.js'
import type { StatechartGraph } from './statechartGraph.ts'

/** A rectangle on the canvas: its top-left corner and size. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A state box placed on the canvas. */
export interface PlacedState extends Box {
  key: string
  final: boolean
  initial: boolean
  selfEvents: string[]
  /** The effects the state starts on entry (`callModel`, `offerCard`, `executeCall`). */
  effects: string[]
}

/** A transition drawn as an SVG path, with its label's lines and the box they fill. */
export interface PlacedEdge {
  id: string
  source: string
  target: string
  label: string
  guard?: string
  eventless: boolean
  /** Every transition the edge stands for, guards included, e.g. `a → b: DENY [matches] / EXPIRE`. */
  title: string
  path: string
  /** One line per transition the edge stands for (`CONFIRM`, `DENY`, ...). */
  lines: string[]
  labelBox: Box
}

/** An arrow for a transition taken from any state, from the "any state" box into its target. */
export interface PlacedAnyEdge {
  label: string
  target: string
  path: string
  labelBox: Box
}

/** A statechart laid out for SVG by ELK's layered algorithm (what Stately's visualizer uses). */
export interface StatechartLayout {
  /** The drawing's bounds (labels included), for the SVG `viewBox`. */
  minX: number
  minY: number
  width: number
  height: number
  states: PlacedState[]
  edges: PlacedEdge[]
  /** The initial-state dot and its arrow into the initial state. */
  initial?: { cx: number; cy: number; r: number; path: string }
  /** The "any state" box the machine-level transitions leave from. */
  anyState?: Box
  fromAnyState: PlacedAnyEdge[]
}

const stateWidth = 164
const stateHeight = 38
const effectLineHeight = 14
const initialSize = 12
const anyStateSize = { width: 92, height: 26 }
/** Label metrics of the chart's 11px text, bold included (taken edges are drawn in 600). */
const lineHeight = 14
const labelPadding = 4

const initialId = '__initial'
const anyStateId = '__any'

// One engine for every layout, loaded on first use: a page that never shows the chart never
// downloads it. The bundled build lays out on the calling thread (no worker), the same in a
// browser tab and in Node.
let engine: Promise<ELK> | undefined
const loadEngine = () => {
  engine ??= import('elkjs/lib/elk.bundled.js').then(
    // A CommonJS package: Node and bundlers alike hand its exports over as the default import.
    ({ default: elkjs }) => new elkjs.default(),
  )
  return engine
}

/**
 * Lays a statechart out top to bottom with ELK: states in layers, transitions routed around them,
 * and every label given room of its own, so no label covers another label or a state. Transitions
 * between the same two states share one edge, one label line each.
 */
export async function layOutStatechart(graph: StatechartGraph): Promise<StatechartLayout> {
  const merged = mergeEdges(graph)
  const children: ElkNode[] = graph.states.map((s) => ({
    id: s.key,
    width: stateWidth,
    // A state that starts effects shows them under its name, one line each.
    height: stateHeight + s.effects.length * effectLineHeight,
  }))
  const edges: ElkExtendedEdge[] = merged.map((e) => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: [label(e.lines)],
  }))
  if (graph.initial !== undefined) {
    children.unshift({ id: initialId, width: initialSize, height: initialSize })
    edges.unshift({ id: initialId, sources: [initialId], targets: [graph.initial] })
  }
  const fromAny = graph.fromAnyState.filter((f) => graph.states.some((s) => s.key === f.target))
  if (fromAny.length > 0) {
    children.push({ id: anyStateId, ...anyStateSize })
    fromAny.forEach((f, i) => {
      edges.push({
        id: `${anyStateId}${i}`,
        sources: [anyStateId],
        targets: [f.target],
        labels: [label([anyLabel(f.label)])],
      })
    })
  }
  const root: ElkNode = {
    id: graph.id,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeNode': '18',
      'elk.spacing.edgeEdge': '12',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.layered.spacing.edgeNodeBetweenLayers': '18',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
      // The machine's own order of states and transitions decides ties, so the picture is stable.
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
    },
    children,
    edges,
  }
  const laid = await (await loadEngine()).layout(root)
  const node = new Map((laid.children ?? []).map((n) => [n.id, n]))
  const laidEdge = new Map((laid.edges ?? []).map((e) => [e.id, e]))
  const states = graph.states.map((s) => ({
    key: s.key,
    ...boxOf(node.get(s.key)),
    final: s.final,
    initial: s.key === graph.initial,
    selfEvents: s.selfEvents,
    effects: s.effects,
  }))
  const placedEdges = merged.map((e) => {
    const at = laidEdge.get(e.id)
    return { ...e, path: pathOf(at), labelBox: boxOf(at?.labels?.[0]) }
  })
  const initialNode = node.get(initialId)
  const anyNode = node.get(anyStateId)
  return {
    minX: 0,
    minY: 0,
    width: round(laid.width ?? 0),
    height: round(laid.height ?? 0),
    states,
    edges: placedEdges,
    ...(initialNode !== undefined && {
      initial: {
        cx: round((initialNode.x ?? 0) + initialSize / 2),
        cy: round((initialNode.y ?? 0) + initialSize / 2),
        r: initialSize / 2,
        path: pathOf(laidEdge.get(initialId)),
      },
    }),
    ...(anyNode !== undefined && { anyState: boxOf(anyNode) }),
    fromAnyState: fromAny.map((f, i) => {
      const at = laidEdge.get(`${anyStateId}${i}`)
      return { ...f, path: pathOf(at), labelBox: boxOf(at?.labels?.[0]) }
    }),
  }
}

/** The text of an arrow from the "any state" box. */
export function anyLabel(event: string): string {
  return `${event} (from any state)`
}

type MergedEdge = Omit<PlacedEdge, 'path' | 'labelBox'>

// Edges between the same two states share one arrow and one label, a line per transition.
function mergeEdges(graph: StatechartGraph): MergedEdge[] {
  const merged = new Map<string, MergedEdge & { described: string[] }>()
  const keys = new Set(graph.states.map((s) => s.key))
  for (const e of graph.edges) {
    if (e.source === e.target || !keys.has(e.source) || !keys.has(e.target)) continue
    const id = `${e.source}>${e.target}`
    // An eventless transition is labelled by its guard already.
    const described = e.guard !== undefined && !e.eventless ? `${e.label} [${e.guard}]` : e.label
    const edge = merged.get(id) ?? {
      id,
      source: e.source,
      target: e.target,
      label: '',
      eventless: e.eventless,
      ...(e.guard !== undefined && { guard: e.guard }),
      title: '',
      lines: [],
      described: [],
    }
    edge.lines.push(e.label)
    edge.described.push(described)
    edge.label = edge.lines.join(' / ')
    edge.title = `${e.source} → ${e.target}: ${edge.described.join(' / ')}`
    merged.set(id, edge)
  }
  return [...merged.values()].map(({ described: _, ...edge }) => edge)
}

function label(lines: string[]): ElkLabel {
  return {
    text: lines.join('\n'),
    width: Math.max(...lines.map(textWidth)) + labelPadding * 2,
    height: lines.length * lineHeight + labelPadding,
    layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' },
  }
}

/**
 * A generous estimate of how wide `text` is in the chart's 11px semibold sans-serif: capitals,
 * digits and underscores are widest; it errs wide so real text stays inside its box.
 */
export function textWidth(text: string): number {
  let width = 0
  for (const char of text) width += charWidth(char)
  // The widths below were taken at 10.5px; the labels are drawn at 11px (readable on screen).
  return Math.ceil((width * 11) / 10.5)
}

function charWidth(char: string): number {
  if (char === 'M' || char === 'W') return 9.5
  if (/[A-Z0-9_]/.test(char)) return 7.6
  if (char === 'm' || char === 'w') return 9
  if (/[iljtf]/.test(char)) return 3.6
  if (/[a-z]/.test(char)) return 6.2
  return char === ' ' ? 3.2 : 4.5
}

function boxOf(
  shape: { x?: number; y?: number; width?: number; height?: number } | undefined,
): Box {
  return {
    x: round(shape?.x ?? 0),
    y: round(shape?.y ?? 0),
    width: round(shape?.width ?? 0),
    height: round(shape?.height ?? 0),
  }
}

// An orthogonal route as an SVG path whose corners are rounded off.
function pathOf(edge: ElkExtendedEdge | undefined): string {
  const section = edge?.sections?.[0]
  if (section === undefined) return ''
  const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(
    ({ x, y }) => ({ x: round(x), y: round(y) }),
  )
  let d = `M ${points[0]?.x} ${points[0]?.y}`
  for (let i = 1; i < points.length - 1; i += 1) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]] as [Point, Point, Point]
    const r = Math.min(6, distance(a, b) / 2, distance(b, c) / 2)
    const p = toward(b, a, r)
    const q = toward(b, c, r)
    d += ` L ${p.x} ${p.y} Q ${b.x} ${b.y} ${q.x} ${q.y}`
  }
  const end = points.at(-1) as Point
  return `${d} L ${end.x} ${end.y}`
}

type Point = { x: number; y: number }

const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y)

function toward(from: Point, to: Point, by: number): Point {
  const length = distance(from, to) || 1
  return {
    x: round(from.x + ((to.x - from.x) * by) / length),
    y: round(from.y + ((to.y - from.y) * by) / length),
  }
}

// Whole pixels: ELK keeps shapes at least 4 px apart, so rounding moves nothing into another.
const round = (n: number) => Math.round(n)
