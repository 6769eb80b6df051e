import { HttpError } from '../../http/http-error'

/**
 * The Sessions page's keyset: the last row of a page, (created_at, id), as an opaque token. Pages go
 * newest first; the next page is what sorts strictly after the token. Unlike an offset, a page costs the
 * same at row 25 and row 900,000, and sessions started meanwhile never shift it.
 */
export interface SessionCursor {
  at: Date
  id: string
}

export function encodeCursor(cursor: SessionCursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url')
}

export function decodeCursor(token: string): SessionCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[]
    const when = typeof at === 'string' ? new Date(at) : null
    if (when && !Number.isNaN(when.getTime()) && typeof id === 'string' && id.length <= 100)
      return { at: when, id }
  } catch {
    // Falls through to the refusal: a token we did not write.
  }
  throw new HttpError('INVALID_INPUT', 'cursor must be the next_cursor of a page', 'cursor')
}
