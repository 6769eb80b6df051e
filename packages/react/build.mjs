// `npm run build -w @retainkit/react` (and scripts/build.mjs): dist/ for npm — ESM, CommonJS and one
// declaration file; React and @retainkit/js stay imports (scripts/build-browser-package.mjs says how).
import { fileURLToPath } from 'node:url'
import { buildBrowserPackage } from '../../scripts/build-browser-package.mjs'

await buildBrowserPackage(fileURLToPath(new URL('.', import.meta.url)), {
  entry: 'src/index.tsx',
  external: ['react', '@retainkit/js'],
})
