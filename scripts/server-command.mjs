// How the built server is run, shared by `npm start` and the memory benchmark (tests/bench) so the
// figures it prints are those of the process `npm start` runs.
//
// - The bundle (server/build.mjs) on plain Node, not the sources through a TypeScript loader: the
//   loader and every module's transpiled text with its inline source map held ~70 MB more at idle.
// - glibc keeps freed heap in per-thread arenas and at the top of its heap unless told to trim; the
//   embedded database's first load and WebAssembly compilation free hundreds of MB that would
//   otherwise stay resident.
// - --expose-gc lets the server run one full collection after its initial load (bootstrap.ts,
//   settleAfterLoad): V8 otherwise keeps the heap the demo seed grew committed for hours.

export const SERVER_ENTRY = 'server/dist/index.mjs'

/** Node's arguments for the server, before the entry file. */
export const SERVER_NODE_ARGS = ['--expose-gc']

/** The environment of the server process: `env` with the allocator settings unless already chosen. */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', ...env }
}
