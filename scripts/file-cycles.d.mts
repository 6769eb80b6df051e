/** Types of file-cycles.mjs, for its test and long-functions.mjs. */
export declare const PRODUCT_ROOTS: string[]
export declare const CYCLE_ROOTS: string[]
export declare const SERVER_FLOORS: string[][]
export declare function productFiles(dir: string): Generator<string>
export declare function importGraph(root: string, roots?: string[]): Map<string, string[]>
export declare function fileCycles(root: string, graph?: Map<string, string[]>): string[][]
export declare function upwardImports(root: string, graph?: Map<string, string[]>): string[]
export declare function testCodeImports(root: string, roots?: string[]): string[]
