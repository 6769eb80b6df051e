/** Request bodies the API accepts; configs are the largest legitimate payloads (~20 KB). */
export const MAX_BODY_BYTES = 128 * 1024
