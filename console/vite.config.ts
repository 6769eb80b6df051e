import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Where `vite dev` forwards API, auth and runtime-config calls: a locally running server. */
const devBackend = process.env.RETAINKIT_DEV_BACKEND ?? 'http://localhost:8787'

/**
 * The server answers every console route (/login/, /dashboard/, …) with dist/index.html and serves
 * dist/** under /app/, so asset URLs must start with /app/. The manifest lets the bundle-budget test
 * walk the chunk graph of each route.
 */
export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    // Every browser the console supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': devBackend,
      '/auth/v1': devBackend,
      '/runtime-config.json': devBackend,
    },
  },
})
