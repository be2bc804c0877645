// Worker threads start without the host's TypeScript loader, so the worker registers tsx itself.
import { register } from 'tsx/esm/api'

register()
await import('./plannerWorker.ts')
