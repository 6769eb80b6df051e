import type { Context } from 'hono'
import type { z } from 'zod'
import { HttpError, validationError } from './http-error'
import { requestHeader, requestText } from './node-request'
import { assertStorableText } from './text-hygiene'

/** Content types read as JSON: application/json and any application/…+json. */
export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

/**
 * Reads a JSON body (the body-limit middleware has already capped its size). Text the database could
 * not store (NUL, unpaired surrogates) is refused here, naming the field, for every route at once.
 */
export async function readJson(c: Context): Promise<unknown> {
  const type = requestHeader(c, 'content-type') ?? ''
  if (!JSON_TYPE.test(type)) {
    throw new HttpError('INVALID_INPUT', 'Content-Type must be application/json', undefined, undefined, 415)
  }
  return parseJsonText(await requestText(c))
}

/** The JSON of a request body's text, refused as readJson refuses it (the events fast path reads bodies too). */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new HttpError('INVALID_INPUT', 'Request body must be valid JSON')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError('INVALID_INPUT', 'Request body must be valid JSON')
  }
  assertStorableText(value)
  return value
}

/** Parses `value` with a shared schema or throws VALIDATION_FAILED carrying the schema's messages. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: (string | number)[] = [],
): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error, prefix)
  return result.data
}

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJson(c))
}

/** A JSON body that may also be absent (a `POST` with no body means `{}`), validated with `schema`. */
export async function readOptionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await requestText(c)
  if (text.trim() === '') return parseWith(schema, {})
  return parseWith(schema, await readJson(c))
}
