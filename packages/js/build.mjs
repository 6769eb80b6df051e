// `npm run build -w @retainkit/js` (and scripts/build.mjs): dist/ for npm — ESM, CommonJS and one
// declaration file, no dependencies (scripts/build-browser-package.mjs says how).
import { fileURLToPath } from 'node:url'
import { buildBrowserPackage } from '../../scripts/build-browser-package.mjs'

await buildBrowserPackage(fileURLToPath(new URL('.', import.meta.url)), {
  entry: 'src/index.ts',
  external: [],
})
