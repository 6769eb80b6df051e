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
