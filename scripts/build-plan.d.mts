/** Types of build-plan.mjs, for the TypeScript that imports it (the packages' ensure-built helpers). */
export interface WorkspaceBuild {
  name: string
  dir: string
  output: string
  env?: Record<string, string>
  /** The builds whose output this one reads; by default those of the workspace packages it depends on. */
  needs?: string[]
}
export declare const BUILDS: WorkspaceBuild[]
export declare function sourceDirs(root: string, dir: string): string[]
export declare function buildInputs(root: string, build: WorkspaceBuild): string[]
export declare function inputsStamp(
  root: string,
  build: WorkspaceBuild,
): { inputs: string; lockfile: string | null }
export declare function staleReason(
  root: string,
  build: WorkspaceBuild,
  stamp?: { inputs: string; lockfile: string | null },
): string | null
export declare function buildWorkspace(
  root: string,
  options?: {
    names?: string[]
    force?: boolean
    builds?: WorkspaceBuild[]
    log?: (line: string) => void
    /** Builds at once (default: one per core, at most four). */
    parallel?: number
  },
): Promise<string[]>
