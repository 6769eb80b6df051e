import type { AppDeps } from '../deps'

// Placeholder: the demo merchant seed arrives with the analytics work (issue 3, item 8).
export async function seedDemoIfEmpty(_deps: AppDeps): Promise<void> {}
