/**
 * An endpoint URL with the parts that can be credentials masked, for every listing after the endpoint
 * was added (the full URL is answered once, to whoever adds it): the user information, every query
 * value, the fragment, a Slack incoming webhook's token (its last path segment: whoever knows it can
 * post into the channel), and any other path segment that looks like a generated token (16 or more
 * characters mixing letters and digits, as Zapier's or Discord's hook URLs carry).
 */
const MASK = '****'
const TOKEN_LIKE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9_-]{16,}$/

export function maskEndpointUrl(raw: string, kind: 'generic' | 'slack'): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return MASK
  }
  const segments = url.pathname.split('/')
  const last = segments.length - 1
  const path = segments
    .map((segment, i) =>
      (kind === 'slack' && i === last && segment) || TOKEN_LIKE.test(segment) ? MASK : segment,
    )
    .join('/')
  const query = url.search
    ? `?${url.search
        .slice(1)
        .split('&')
        .map((pair) => `${pair.split('=')[0]}=${MASK}`)
        .join('&')}`
    : ''
  const userinfo = url.username || url.password ? `${MASK}@` : ''
  return `${url.protocol}//${userinfo}${url.host}${path}${query}${url.hash ? `#${MASK}` : ''}`
}
