#!/usr/bin/env node
// `studypulse-gateway` (and `npm run gateway -- …`). How V8 grows its heap is set before any other
// module loads (see memoryFlags.ts); a static import of the command would load its whole
// graph first, in a bundle even before this line, so it is imported once that is done.
import './memoryFlags.ts'

await import('./gatewayCommand.ts')
