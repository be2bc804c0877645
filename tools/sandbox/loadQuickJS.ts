import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSWASMModule,
  RELEASE_SYNC,
} from 'quickjs-emscripten'

const PAGE = 64 * 1024
/** What the module needs besides the code's heap: its static data, C stack and QuickJS's own start-up. */
const BASE_BYTES = 16 * 1024 * 1024

const modules = new Map<number, Promise<QuickJSWASMModule>>()
let loads = 0

/**
 * The QuickJS WebAssembly module for a memory limit, compiled on first use and reused by every later
 * run. Its linear memory can never grow past the limit plus a fixed base: QuickJS's own accounting
 * misses many small allocations, so this cap is what really bounds the code's memory.
 */
export function loadQuickJS(memoryLimitBytes: number): Promise<QuickJSWASMModule> {
  const maximum = Math.ceil((memoryLimitBytes + BASE_BYTES) / PAGE)
  let loading = modules.get(maximum)
  if (loading === undefined) {
    loads += 1
    const wasmMemory = new WebAssembly.Memory({ initial: BASE_BYTES / PAGE, maximum })
    const next = newQuickJSWASMModuleFromVariant(
      newVariant(RELEASE_SYNC, { emscriptenModule: { wasmMemory } }),
    )
    loading = next
    modules.set(maximum, next)
    // A failed load must not stick: the next run tries again.
    next.catch(() => {
      if (modules.get(maximum) === next) modules.delete(maximum)
    })
  }
  return loading
}

/** Drops a module a run left in an unknown state; the next run with that limit compiles a fresh one. */
export async function discardQuickJS(module: QuickJSWASMModule): Promise<void> {
  for (const [maximum, loading] of modules) {
    if ((await loading.catch(() => undefined)) === module) modules.delete(maximum)
  }
}

/** How many modules this thread has compiled (one per memory limit, plus one after each broken run). */
export function quickJSLoads(): number {
  return loads
}
