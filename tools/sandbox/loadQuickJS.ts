import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten'

let loading: Promise<QuickJSWASMModule> | undefined
let loaded: QuickJSWASMModule | undefined
let loads = 0

/** The QuickJS WebAssembly module, compiled on first use and shared by every later run. */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  if (loading === undefined) {
    loads += 1
    const next = newQuickJSWASMModule().then((module) => {
      loaded = module
      return module
    })
    loading = next
    // A failed load must not stick: the next run tries again.
    next.catch(() => {
      if (loading === next) loading = undefined
    })
  }
  return loading
}

/** Drops a module a run left in an unknown state (a host-side failure mid-run); the next run compiles a fresh one. */
export function discardQuickJS(module: QuickJSWASMModule): void {
  if (loaded !== module) return
  loaded = undefined
  loading = undefined
}

/** How many times the module has been compiled in this process (1 unless a run broke one). */
export function quickJSLoads(): number {
  return loads
}
