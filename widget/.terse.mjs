import { rollup } from 'rollup'
import { minify } from 'terser'
import { gzipSync } from 'node:zlib'
const configs = (await import(process.cwd() + '/rollup.config.mjs')).default
const c = configs[0]
const plugins = c.plugins.filter((p) => p && p.name !== 'terser')
const bundle = await rollup({ ...c, plugins })
const { output } = await bundle.generate({ format: 'iife' })
const code = output[0].code
const base = { ecma: 2020, compress: { passes: 3, pure_getters: true, unsafe_arrows: true, unsafe: true }, format: { comments: false } }
const variants = {
  base,
  passes5: { ...base, compress: { ...base.compress, passes: 5 } },
  toplevel: { ...base, toplevel: true },
  module: { ...base, module: true },
  unsafeAll: { ...base, compress: { ...base.compress, unsafe_comps: true, unsafe_math: true, unsafe_methods: true, unsafe_regexp: true, unsafe_undefined: true, unsafe_symbols: true, unsafe_proto: true, keep_fargs: false, hoist_funs: false } },
  ecma2022: { ...base, ecma: 2022 },
  noinline: { ...base, compress: { ...base.compress, inline: 1 } },
  reduce_funcs_off: { ...base, compress: { ...base.compress, reduce_funcs: false } },
  collapse_vars_off: { ...base, compress: { ...base.compress, collapse_vars: false} },
  sequences_off: { ...base, compress: { ...base.compress, sequences: false } },
  join_vars_off: { ...base, compress: { ...base.compress, join_vars: false } },
  wrap: { ...base, format: { comments: false, wrap_func_args: false } },
}
for (const [name, opts] of Object.entries(variants)) {
  const out = await minify(code, opts)
  console.log(name, out.code.length, gzipSync(out.code, { level: 9 }).length)
}
