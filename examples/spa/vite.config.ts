import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The React example merchant site, built by `npm run build` (scripts/build-plan.mjs) into
 * examples/dist/spa. The sandbox server fills in the snippet at request time, so one build serves
 * every account and subscriber.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/spa/',
  mode: 'production',
  logLevel: 'warn',
  // Tests run with NODE_ENV=test, which would otherwise pull in React's development build.
  define: { 'process.env.NODE_ENV': '"production"' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
  build: { outDir: fileURLToPath(new URL('../dist/spa', import.meta.url)), emptyOutDir: true },
})
