// Builds the widget into dist/, served by the server under /w/:
//   widget.<hash>.js  IIFE: cancel flow + reactivation banner, lazy-loaded by the loader (immutable)
//   loader.js         IIFE: the fixed name the snippet points at (revalidated); learns the hashed name
//                     of the bundle from the first pass, through @rollup/plugin-replace
//   preview.js        ESM, the same components for the console's editor and /preview/
//   <chunk>.<hash>.js ESM, one per CHUNKS entry (src/chunks/): the parts only some sessions draw (the
//                     statutory page, the question after cancelling, the already-scheduled dialog, the
//                     payment prompt), imported by the bundle when the
//                     session's answer names them; they draw with the bundle's Preact, handed over
//   sizes.json        gzip sizes of the budgeted files (widget/src/size.test.ts enforces the budgets)
// Configs in an array are built one after another, so the loader pass sees the bundle's name.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import alias from '@rollup/plugin-alias'
import resolve from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import terser from '@rollup/plugin-terser'
import typescript from '@rollup/plugin-typescript'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const DIST = here('./dist/')
const built = { widget: '', chunks: {} }

/** The lazily loaded chunks: src/chunks/<name>.ts each (the server names them by these names). */
const CHUNKS = ['statutory', 'after-cancel']
/**
 * Chunks that share the bundle's frame as well as its Preact (src/chunks/<name>/index.ts): the imports
 * of Preact, the dialog and the surface become the runtime the bundle hands them (sharedWithBundle).
 */
/** What a chunk imports that the bundle has, by module: read from the runtime the bundle hands it. */
const SHARED_WITH_CHUNKS = {
  preact: ['h', 'render'],
  [here('./src/ui/dialog.tsx')]: ['Dialog'],
  [here('./src/ui/surface.ts')]: ['openSurface'],
}
/**
 * `scheduled` (a subscriber already scheduled to cancel) is called as the jurisdiction chunks are, with
 * Preact only: the dialog frame it draws in is built into it.
 */
const PREACT_ONLY = { preact: SHARED_WITH_CHUNKS.preact }
const RUNTIME_CHUNKS = {
  'payment-prompt': [here('./src/chunks/payment-prompt/index.ts'), SHARED_WITH_CHUNKS],
  banner: [here('./src/chunks/banner/index.ts'), SHARED_WITH_CHUNKS],
  scheduled: [here('./src/chunks/scheduled/index.ts'), PREACT_ONLY],
}
/** The runtime's order (src/chunks/runtime.ts, CHUNK_RUNTIME_NAMES). */
const CHUNK_RUNTIME_NAMES = ['h', 'render', 'Dialog', 'openSurface']
const RUNTIME_ID = '\0retainkit:chunk-runtime'

/**
 * Lazily loaded chunks (src/chunks/): each an ES module, `<name>.<hash>.js`, whose default export is its
 * entry, imported by the bundle only when the server names it. Preact and the widget's frame (the
 * dialog, the shadow-root surface) are not copied in: this plugin turns each import of them into the
 * live bindings of one module, filled from the runtime the bundle passes the entry (bindRuntime).
 */
const sharedWithBundle = (shared) => ({
  name: 'shared-with-bundle',
  async resolveId(source, importer) {
    if (source === 'retainkit:chunk-runtime') return RUNTIME_ID
    if (source === 'preact') return '\0rk-shared:preact'
    if (!importer || !source.startsWith('.')) return null
    const resolved = await this.resolve(source, importer, { skipSelf: true })
    return resolved && Object.hasOwn(shared, resolved.id) ? `\0rk-shared:${resolved.id}` : null
  },
  load(id) {
    if (id === RUNTIME_ID) {
      const names = CHUNK_RUNTIME_NAMES.join(', ')
      return `export let ${names}\nexport function bindRuntime(runtime) { [${names}] = runtime }`
    }
    if (!id.startsWith('\0rk-shared:')) return null
    const names = SHARED_WITH_CHUNKS[id.slice('\0rk-shared:'.length)]
    const shared = `export { ${names.join(', ')} } from 'retainkit:chunk-runtime'`
    // JSX fragments (<>…</>) draw their children: a function component does that with any Preact.
    return id === '\0rk-shared:preact'
      ? `${shared}\nexport const Fragment = (props) => props.children`
      : shared
  },
})

const chunkConfig = (name, [input, shared]) => ({
  input,
  onwarn,
  jsx: JSX,
  plugins: [
    {
      name: 'chunk-name',
      generateBundle(_options, bundle) {
        built.chunks[name] = Object.keys(bundle).find((file) => file.startsWith(`${name}.`)) ?? ''
      },
    },
    sharedWithBundle(shared),
    aliases(),
    resolve({ browser: true, extensions: ['.ts', '.tsx', '.js'] }),
    typescriptPlugin(),
    minify({ privateNames: true }),
  ],
  output: {
    dir: DIST,
    format: 'es',
    entryFileNames: `${name}.[hash].js`,
    hashCharacters: 'hex',
    sourcemap: false,
  },
})

// Transpiles only (noCheck): each of the eight builds above made its own TypeScript program and
// type-checked the widget and shared again, 3-4 s apiece, while `npm run typecheck` checks the same
// files (widget and shared) once. The emitted JavaScript is the same byte for byte; syntax errors
// still stop the build.
const typescriptPlugin = () =>
  typescript({
    tsconfig: here('./tsconfig.json'),
    include: [here('./src/**/*.ts'), here('./src/**/*.tsx'), here('../shared/src/**/*.ts')],
    exclude: ['**/*.test.ts', '**/*.test.tsx'],
    compilerOptions: {
      noEmit: false,
      declaration: false,
      sourceMap: false,
      target: 'ES2020',
      jsx: 'preserve',
      noCheck: true,
    },
    noForceEmit: false,
  })

/**
 * The widget's components are written with the React API and drawn by Preact. A module that imports
 * `react` or `react-dom` gets `preact/compat` (and its React prop names, such as onDoubleClick); the
 * widget's own entries draw with Preact's core `render`, so compat's bytes are paid only if something
 * imports it. JSX becomes calls to Preact's own `h` (see JSX below); a module that imports
 * `react/jsx-runtime` gets Preact's.
 */
const aliases = () =>
  alias({
    entries: [
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  })

/**
 * JSX is compiled by Rollup, not TypeScript: classic calls to Preact's `h` (its `createElement`), which
 * take children as arguments (`h('p', null, text)` instead of `jsx('p', { children: text })`) and
 * leave the JSX runtime's own element factory out of the bundle: 160 bytes gzip less. TypeScript
 * (which preserves the JSX here) still checks the components against `preact/jsx-runtime`'s types, and
 * the tests compile them with the automatic runtime: both produce the same Preact elements.
 */
const JSX = { mode: 'classic', factory: 'h', fragment: 'Fragment', importSource: 'preact' }

/**
 * The style sheet (src/ui/styles.ts) is written one rule per line for people; in the bundle the line
 * breaks go. Nothing else changes: the rules are already written without optional spaces.
 */
const compactCss = () => ({
  name: 'compact-css',
  transform(code, id) {
    if (!id.endsWith('/src/ui/styles.ts')) return null
    const compacted = code.replace(
      /(WIDGET_CSS = `)([^`]*)`/,
      (_all, start, css) => `${start}${css.replace(/\n/g, '')}\``,
    )
    if (compacted === code) this.error('WIDGET_CSS template not found')
    return { code: compacted, map: null }
  },
})

/**
 * Property names that live only inside the widget bundle (the flow machine's state and snapshot, the
 * components' own props, the API client's methods): the bundle's minifier shortens them like local
 * variables. Never a name the server's JSON, the merchant's options, the loader, the DOM or Preact
 * reads: src/build/private-properties.test.ts fails if one of them appears in those contracts. (Terser
 * also leaves alone any name on its own list of DOM properties, such as `selection` or `send`: those
 * are not listed, since listing them would change nothing.)
 */
const PRIVATE_PROPERTIES = JSON.parse(readFileSync(here('./src/build/private-properties.json'), 'utf8'))

/**
 * Measured: `unsafe` saves about 30 bytes (our code never relies on what it rewrites, such as String()
 * of a Symbol); the other options (toplevel, module, more passes) gain nothing here. `privateNames`
 * (the lazily loaded bundle only) shortens PRIVATE_PROPERTIES: about 140 bytes gzip.
 */
/**
 * The bundle's shortened property names, kept for its chunks: a chunk passes props to the bundle's
 * components (the dialog's `overlay`, …) and reads what they return, so both must shorten a name alike.
 */
const PROPERTY_NAMES = {}

const minify = ({ privateNames = false, preamble } = {}) =>
  terser({
    ecma: 2020,
    ...(privateNames ? { nameCache: PROPERTY_NAMES } : {}),
    compress: { passes: 3, pure_getters: true, unsafe_arrows: true, unsafe: true },
    mangle: privateNames
      ? { properties: { regex: new RegExp(`^(${PRIVATE_PROPERTIES.join('|')})$`) } }
      : true,
    format: { comments: false, preamble },
  })

/**
 * V8's explicit compile hint (Chrome 136+): the lazily loaded bundle is fetched only when a flow or a
 * banner is about to be shown, so every function in it runs soon. With this first line V8 compiles them
 * all on the thread that streams the script in (on idle, when prefetched), instead of one by one on the
 * main thread during the click. With the bundle prefetched the dialog is up about 4 ms sooner (README,
 "Build and sizes"). Other engines read a comment.
 */
const COMPILE_EVERYTHING = '//# allFunctionsCalledOnLoad'

const onwarn = (warning, warn) => {
  // The shared package's type-only re-exports are erased; anything else is a real problem.
  if (warning.code === 'THIS_IS_UNDEFINED') return
  warn(warning)
}

const gzipSize = (file) => gzipSync(readFileSync(`${DIST}${file}`), { level: 9 }).length

export default [
  {
    input: here('./src/bundle/index.ts'),
    onwarn,
    jsx: JSX,
    plugins: [
      {
        // dist is never emptied up front: a server may be serving it meanwhile. Older hashed bundles
        // are removed once the new loader (which names the new bundle) is written.
        name: 'bundle-name',
        buildStart() {
          mkdirSync(DIST, { recursive: true })
        },
        generateBundle(_options, bundle) {
          built.widget = Object.keys(bundle).find((name) => name.startsWith('widget.')) ?? ''
        },
      },
      aliases(),
      resolve({ browser: true, extensions: ['.ts', '.tsx', '.js'] }),
      compactCss(),
      typescriptPlugin(),
      minify({ privateNames: true, preamble: COMPILE_EVERYTHING }),
    ],
    output: {
      dir: DIST,
      format: 'iife',
      entryFileNames: 'widget.[hash].js',
      hashCharacters: 'hex',
      sourcemap: false,
    },
  },
  ...CHUNKS.map((name) => ({
    input: here(`./src/chunks/${name}.ts`),
    onwarn,
    plugins: [
      {
        name: 'chunk-name',
        generateBundle(_options, bundle) {
          built.chunks[name] = Object.keys(bundle).find((file) => file.startsWith(`${name}.`)) ?? ''
        },
      },
      resolve({ browser: true, extensions: ['.ts', '.js'] }),
      typescriptPlugin(),
      minify(),
    ],
    output: {
      dir: DIST,
      format: 'es',
      entryFileNames: `${name}.[hash].js`,
      hashCharacters: 'hex',
      sourcemap: false,
    },
  })),
  // After the bundle, whose shortened property names they reuse; before the loader, which records sizes.
  ...Object.entries(RUNTIME_CHUNKS).map(([name, entry]) => chunkConfig(name, entry)),
  {
    input: here('./src/loader/index.ts'),
    onwarn,
    plugins: [
      replace({
        preventAssignment: true,
        values: {
          __RK_WIDGET_FILE__: () => {
            if (!built.widget) throw new Error('the widget bundle must be built before the loader')
            return JSON.stringify(built.widget)
          },
        },
      }),
      resolve({ browser: true, extensions: ['.ts', '.js'] }),
      typescriptPlugin(),
      minify(),
      {
        name: 'sizes',
        writeBundle() {
          const current = new Set([built.widget, ...Object.values(built.chunks)])
          for (const name of readdirSync(DIST)) {
            if (/^[a-z-]+\.[0-9a-f]{8,}\.js$/.test(name) && !current.has(name))
              rmSync(`${DIST}${name}`, { force: true })
          }
          const loader = gzipSize('loader.js')
          const widget = gzipSize(built.widget)
          const sizes = { gzip: { 'loader.js': loader, [built.widget]: widget, total: loader + widget } }
          const chunks = Object.fromEntries(
            Object.entries(built.chunks).map(([name, file]) => [name, { file, gzip: gzipSize(file) }]),
          )
          writeFileSync(
            `${DIST}sizes.json`,
            `${JSON.stringify({ widgetFile: built.widget, ...sizes, chunks }, null, 2)}\n`,
          )
        },
      },
    ],
    output: { file: `${DIST}loader.js`, format: 'iife', sourcemap: false },
  },
  {
    input: here('./src/preview/index.tsx'),
    onwarn,
    jsx: JSX,
    plugins: [
      aliases(),
      resolve({ browser: true, extensions: ['.ts', '.tsx', '.js'] }),
      compactCss(),
      typescriptPlugin(),
      minify(),
    ],
    output: { file: `${DIST}preview.js`, format: 'es', sourcemap: false },
  },
]
