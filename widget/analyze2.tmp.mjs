import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { rollup } from 'rollup'
import { minify } from 'terser'
import configs from '/work/main/widget/rollup.config.mjs'

const cfg = configs[0]
const plugins = cfg.plugins.filter((p) => p.name !== 'terser' && p.name !== 'bundle-name')
const b = await rollup({ input: cfg.input, plugins, onwarn() {} })
const { output } = await b.generate({ format: 'iife' })
const code = output[0].code
const gz = (s) => gzipSync(s, { level: 9 }).length
const variants = {
  current: {
    ecma: 2020,
    compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
    mangle: { properties: { regex: /^(__[A-Za-z]?|_sb)$/ } },
  },
  aggressive: {
    ecma: 2020,
    toplevel: true,
    compress: {
      passes: 5,
      pure_getters: true,
      unsafe_arrows: true,
      unsafe: true,
      unsafe_methods: true,
      unsafe_comps: true,
      booleans_as_integers: true,
      hoist_funs: true,
    },
    mangle: { properties: { regex: /^(__[A-Za-z]?|_sb)$/ } },
  },
}
for (const [n, o] of Object.entries(variants)) {
  const r = await minify(code, { ...o, format: { comments: false } })
  console.log(n, r.code.length, gz(r.code))
}
const e = await esbuild.transform(code, { minify: true, target: 'es2020' })
console.log('esbuild', e.code.length, gz(e.code))
