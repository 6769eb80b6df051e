export const ROOT: string
export function packPackages(
  names: string[],
  destination: string,
): Record<string, { tarball: string; files: string[] }>
export function projectWithPacked(
  names: string[],
  prefix?: string,
): { project: string; packed: Record<string, { tarball: string; files: string[] }> }
