import { defineConfig } from 'vitest/config'

/**
 * A stand-alone harness for marketing.e2e.ts against the static build (`npm run build` first):
 *
 *   npx vitest run --config marketing/e2e/vitest.e2e.config.ts
 *
 * It serves marketing/dist with the stub API (see scripts/serve-dist.ts) unless MARKETING_BASE_URL
 * points at a running server. The cross-package suite in tests/ will provide the product server's URL.
 */
export default defineConfig({
  test: {
    include: ['marketing/e2e/*.e2e.ts'],
    globalSetup: ['marketing/e2e/serve-dist.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
