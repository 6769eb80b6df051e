/** Types of server-command.mjs, for the TypeScript that imports it (tests/bench). */
export declare const SERVER_ENTRY: string
export declare const SERVER_NODE_ARGS: string[]
export declare function serverEnv(env: Record<string, string | undefined>): Record<string, string | undefined>
