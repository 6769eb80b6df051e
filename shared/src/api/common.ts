import { z } from 'zod'
import { ROLES } from '../roles'

/**
 * Building blocks of the response contract. Objects are closed (`strictObject`): an answer carrying a
 * field its schema does not name fails the server suite's check, so a renamed or added field cannot
 * reach a client unannounced.
 */
export const obj = z.strictObject
export const isoTime = z.string().describe('ISO 8601 time')
export const nullableTime = isoTime.nullable()
export const tier = z.enum(['free', 'pro'])
export const role = z.enum(ROLES)

/** `{data: …}`: the envelope of every /api answer except the widget's and the auth server's. */
export const data = <T extends z.ZodType>(schema: T) => obj({ data: schema })
