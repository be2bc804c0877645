import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The page lives in ui/page; the built files go to dist/ (served by `npm start`).
export default defineConfig({
  root: fileURLToPath(new URL('./ui/page', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
  },
})
