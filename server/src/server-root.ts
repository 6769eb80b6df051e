import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The server package's folder. This file sits in server/src and the bundle `npm start` runs sits in
 * server/dist: one level down either way, so files found from here (migrations, the front ends) are
 * found from both.
 */
export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
