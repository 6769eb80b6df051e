/**
 * The subscriber-token recipes shown on the install section. The snippet itself comes from the widget
 * package (the one source); these texts only show how a merchant's server mints the token it hands the
 * widget: with the Node helper of `@retainkit/widget/token`, or with openssl in a shell, then tried with curl.
 */

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`

export function nodeTokenRecipe(accountId: string): string {
  return [
    "import { createSubscriberToken } from '@retainkit/widget/token'",
    '',
    '// On your server, per page view of a signed-in subscriber:',
    'const token = createSubscriberToken({',
    `  accountId: ${JSON.stringify(accountId)},`,
    '  customerId: subscriber.stripeCustomerId, // cus_…',
    '  subscriptionId: subscriber.stripeSubscriptionId, // optional, sub_…',
    '  secret: process.env.RETAINKIT_WIDGET_SECRET, // rkws_… from Settings → Widget secret',
    '  ttlSeconds: 900, // at most 3600',
    '})',
    '// Render it into the page, then: Retainkit("attach", "#cancel-link", { token })',
  ].join('\n')
}

export function shellTokenRecipe(accountId: string, apiBaseUrl: string): string {
  return [
    '# An HS256 JWT: iss = account id, sub = Stripe customer id, iat/exp in seconds (at most 1 hour apart).',
    `ACCOUNT_ID=${shellQuote(accountId)}`,
    "CUSTOMER_ID='cus_123'",
    'SECRET="$RETAINKIT_WIDGET_SECRET"',
    'b64url() { openssl base64 -A | tr "+/" "-_" | tr -d "="; }',
    'NOW=$(date +%s)',
    'HEADER=$(printf \'{"alg":"HS256","typ":"JWT"}\' | b64url)',
    'PAYLOAD=$(printf \'{"iss":"%s","sub":"%s","iat":%d,"exp":%d}\' "$ACCOUNT_ID" "$CUSTOMER_ID" "$NOW" "$((NOW + 900))" | b64url)',
    'SIGNATURE=$(printf "%s.%s" "$HEADER" "$PAYLOAD" | openssl dgst -sha256 -hmac "$SECRET" -binary | b64url)',
    'TOKEN="$HEADER.$PAYLOAD.$SIGNATURE"',
    '',
    '# Try it: starts a test cancel session for that customer.',
    `curl -sS -X POST ${shellQuote(`${apiBaseUrl}/api/widget/sessions`)} \\`,
    '  -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\',
    '  -d \'{"mode":"test"}\'',
  ].join('\n')
}

/** The element the Tag Manager tag attaches the cancel flow to. */
export const TAG_MANAGER_CANCEL_SELECTOR = '[data-retainkit-cancel]'
export const TAG_MANAGER_TOKEN_VARIABLE = 'Retainkit token'

export const TAG_MANAGER_STEPS = [
  'In Google Tag Manager, open your container and choose Tags → New.',
  'Pick the tag type "Custom HTML" and paste the tag below.',
  'Set the trigger to "All Pages" (or only the pages with your cancel button).',
  'Add the attribute data-retainkit-cancel to your cancel link or button, so the tag can find it.',
  'If your site sends a Content-Security-Policy with a nonce, create a GTM variable holding it: the tag passes it on to the loader.',
  'Push the subscriber token to the data layer on signed-in pages and read it with a Data Layer Variable; the tag below reads {{Retainkit token}}.',
  'Preview the container, click your cancel button, then Submit to publish.',
] as const
