import { z } from 'zod'

/**
 * Query parameters of the account calls beyond the public call's `accountId` and `action`: the config version to
 * read (`&version=N`) and the version an editor started from (`&base_version=N`), which the server
 * compares with the current one so a save never silently overwrites someone else's.
 */
const versionParam = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .optional()

export const configVersionQuerySchema = z.object({
  version: versionParam('Version must be a positive whole number').refine(
    (value) => value === undefined || value > 0,
    'Version must be a positive whole number',
  ),
})

/** `base_version=0` means "I started from the default, nothing saved yet". */
export const configSaveQuerySchema = z.object({
  base_version: versionParam('Base version must be a whole number'),
})
