import { defineConfig } from 'vitest/config'

/**
 * One Vitest run, several projects: `node` for `*.test.ts` beside the code, `dom` for `*.test.tsx`
 * (happy-dom). Packages with their own needs (the widget compiles React-API code with Preact) add a
 * project here rather than a second runner.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            '{shared,server,console,marketing,examples,widget}/**/*.test.ts',
            'tests/fakes/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['{shared,console,marketing}/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
    ],
  },
})
