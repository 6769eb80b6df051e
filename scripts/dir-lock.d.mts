/** Types of dir-lock.mjs, for the TypeScript that imports it (marketing's test builds). */
export declare const LOCK_STALE_MS: number
export declare function withDirLock<T>(lock: string, run: () => T): T
