/** Types of long-functions.mjs, for its test. */
export declare const MAX_LINES: number
export declare function longFunctions(
  fileName: string,
  text: string,
  max?: number,
): { name: string; lines: number; line: number }[]
export declare function repositoryLongFunctions(root: string, max?: number): Map<string, number>
export declare function readAllowed(file?: string): string[]
