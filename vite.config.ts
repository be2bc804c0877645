import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The page lives in ui/page; `npm run build:page` puts it in dist-page/ (served by `npm start`).
// dist/ is the library build (`npm run build`).
export default defineConfig({
  root: fileURLToPath(new URL('./ui/page', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist-page', import.meta.url)),
    emptyOutDir: true,
    // ELK (the statechart layout, 1.5 MB) is a chunk of its own, loaded when the chart is shown.
    chunkSizeWarningLimit: 1500,
  },
})
