import { z } from 'zod'
import { cancelFlowConfigSchema } from '../config/schema'
import { accountId } from './primitives'

/** `{account_id, config_json}`. */
export const configSaveSchema = z.strictObject({
  account_id: accountId,
  config_json: cancelFlowConfigSchema,
})

/** Body of `PUT /api/account?action=config`. */
export const configPayloadSchema = z.strictObject({ config_json: cancelFlowConfigSchema })

/** Body of `POST /api/session?action=active-account`. */
export const activeAccountSchema = z.strictObject({ account_id: accountId })

/** Body of `POST /api/account?action=config-history`: the kept version to make live again. */
export const configRollbackSchema = z.strictObject({
  version: z.number('Choose a version to restore').int().min(1, 'Choose a version to restore'),
})
