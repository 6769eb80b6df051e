/**
 * The one source of the subscriber-token recipes the console's Install page shows (and the docs point
 * to): how a merchant's server signs the token the widget sends, in Node (with `@retainkit/node`), a
 * shell with openssl, Python, Ruby, PHP and Go, each with its language's standard library only. Every
 * recipe is a complete program: it prints a token for the Stripe customer id given as its first
 * argument, signed with the secret in RETAINKIT_WIDGET_SECRET, and carries the claims its mode needs:
 * the test-site snippet only works with tokens that say `"mode": "test"` (a live token is refused on
 * localhost and staging origins). The browser suite runs each one, as rendered, against the server.
 */

export const TOKEN_RECIPE_LANGUAGES = ['node', 'shell', 'python', 'ruby', 'php', 'go'] as const
export type TokenRecipeLanguage = (typeof TOKEN_RECIPE_LANGUAGES)[number]
export type TokenRecipeMode = 'live' | 'test'

export interface TokenRecipeOptions {
  accountId: string
  mode: TokenRecipeMode
}

export const TOKEN_RECIPE_LABELS: Record<TokenRecipeLanguage, string> = {
  node: 'Node.js (@retainkit/node)',
  shell: 'Shell (bash and openssl)',
  python: 'Python 3',
  ruby: 'Ruby',
  php: 'PHP',
  go: 'Go',
}

/** The file each recipe is saved as, in its "try it" comment. */
export const TOKEN_RECIPE_FILES: Record<TokenRecipeLanguage, string> = {
  node: 'retainkit-token.mjs',
  shell: 'retainkit-token.sh',
  python: 'retainkit_token.py',
  ruby: 'retainkit_token.rb',
  php: 'retainkit_token.php',
  go: 'retainkit_token.go',
}

const SECRET_NOTE = 'rkws_… from Settings → Widget secrets; never send it to a browser'
const TEST_NOTE = 'the test-site snippet takes test-mode tokens only'
const quoted = (value: string) => JSON.stringify(value)
const shellQuoted = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`

function nodeRecipe({ accountId, mode }: TokenRecipeOptions): string {
  return [
    `// ${TOKEN_RECIPE_FILES.node} (npm install @retainkit/node)`,
    "import { fileURLToPath } from 'node:url'",
    "import { createSubscriberToken } from '@retainkit/node'",
    '',
    '// On your server, per page view of a signed-in subscriber:',
    'export function subscriberToken(customerId) {',
    '  return createSubscriberToken({',
    `    accountId: ${quoted(accountId)},`,
    '    customerId, // cus_…',
    ...(mode === 'test' ? [`    mode: 'test', // ${TEST_NOTE}`] : []),
    `    secret: process.env.RETAINKIT_WIDGET_SECRET, // ${SECRET_NOTE}`,
    '    ttlSeconds: 900, // at most 3600',
    '    // Optional: subscriptionId, handles, country, state (see the @retainkit/node README).',
    '  })',
    '}',
    '',
    `// Try it: RETAINKIT_WIDGET_SECRET=rkws_… node ${TOKEN_RECIPE_FILES.node} cus_123`,
    'if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(subscriberToken(process.argv[2]))',
  ].join('\n')
}

function shellRecipe({ accountId, mode }: TokenRecipeOptions): string {
  const modeClaim = mode === 'test' ? '"mode":"test",' : ''
  return [
    '#!/usr/bin/env bash',
    `# ${TOKEN_RECIPE_FILES.shell}: RETAINKIT_WIDGET_SECRET=rkws_… bash ${TOKEN_RECIPE_FILES.shell} cus_123`,
    `# An HS256 JWT: iss = account id, sub = Stripe customer id,${mode === 'test' ? ' mode = test,' : ''} iat/exp in seconds (at most 1 hour apart).`,
    ...(mode === 'test' ? [`# "mode":"test": ${TEST_NOTE}.`] : []),
    '# openssl gets the secret on its command line: run this where other users cannot list processes.',
    'set -euo pipefail',
    `ACCOUNT_ID=${shellQuoted(accountId)}`,
    'CUSTOMER_ID="$1" # cus_…',
    `SECRET="$RETAINKIT_WIDGET_SECRET" # ${SECRET_NOTE}`,
    "b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }",
    'NOW=$(date +%s)',
    `HEADER=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)`,
    `PAYLOAD=$(printf '{"iss":"%s","sub":"%s",${modeClaim}"iat":%d,"exp":%d}' "$ACCOUNT_ID" "$CUSTOMER_ID" "$NOW" "$((NOW + 900))" | b64url)`,
    `SIGNATURE=$(printf '%s.%s' "$HEADER" "$PAYLOAD" | openssl dgst -sha256 -hmac "$SECRET" -binary | b64url)`,
    'echo "$HEADER.$PAYLOAD.$SIGNATURE"',
  ].join('\n')
}

function pythonRecipe({ accountId, mode }: TokenRecipeOptions): string {
  return [
    `# ${TOKEN_RECIPE_FILES.python}: RETAINKIT_WIDGET_SECRET=rkws_… python3 ${TOKEN_RECIPE_FILES.python} cus_123`,
    'import base64',
    'import hashlib',
    'import hmac',
    'import json',
    'import os',
    'import sys',
    'import time',
    '',
    `RETAINKIT_ACCOUNT_ID = ${quoted(accountId)}`,
    '',
    '',
    'def b64url(data: bytes) -> str:',
    '    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")',
    '',
    '',
    'def subscriber_token(customer_id: str, ttl_seconds: int = 900) -> str:',
    '    """Per page view of a signed-in subscriber; ttl_seconds at most 3600."""',
    '    now = int(time.time())',
    '    claims = {"iss": RETAINKIT_ACCOUNT_ID, "sub": customer_id, "iat": now, "exp": now + ttl_seconds}',
    ...(mode === 'test' ? [`    claims["mode"] = "test"  # ${TEST_NOTE}`] : []),
    `    secret = os.environ["RETAINKIT_WIDGET_SECRET"]  # ${SECRET_NOTE}`,
    '    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())',
    '    payload = b64url(json.dumps(claims).encode())',
    '    signature = hmac.new(secret.encode(), f"{header}.{payload}".encode(), hashlib.sha256).digest()',
    '    return f"{header}.{payload}.{b64url(signature)}"',
    '',
    '',
    'if __name__ == "__main__":',
    '    print(subscriber_token(sys.argv[1]))',
  ].join('\n')
}

function rubyRecipe({ accountId, mode }: TokenRecipeOptions): string {
  return [
    `# ${TOKEN_RECIPE_FILES.ruby}: RETAINKIT_WIDGET_SECRET=rkws_… ruby ${TOKEN_RECIPE_FILES.ruby} cus_123`,
    'require "json"',
    'require "openssl"',
    '',
    `RETAINKIT_ACCOUNT_ID = ${quoted(accountId)}`,
    '',
    'def retainkit_b64url(data)',
    '  [data].pack("m0").tr("+/", "-_").delete("=")',
    'end',
    '',
    '# Per page view of a signed-in subscriber; ttl_seconds at most 3600.',
    'def retainkit_subscriber_token(customer_id, ttl_seconds: 900)',
    '  now = Time.now.to_i',
    '  claims = { iss: RETAINKIT_ACCOUNT_ID, sub: customer_id, iat: now, exp: now + ttl_seconds }',
    ...(mode === 'test' ? [`  claims[:mode] = "test" # ${TEST_NOTE}`] : []),
    `  secret = ENV.fetch("RETAINKIT_WIDGET_SECRET") # ${SECRET_NOTE}`,
    '  header = retainkit_b64url({ alg: "HS256", typ: "JWT" }.to_json)',
    '  payload = retainkit_b64url(claims.to_json)',
    '  signature = OpenSSL::HMAC.digest("SHA256", secret, "#{header}.#{payload}")',
    '  "#{header}.#{payload}.#{retainkit_b64url(signature)}"',
    'end',
    '',
    'puts retainkit_subscriber_token(ARGV.fetch(0)) if __FILE__ == $PROGRAM_NAME',
  ].join('\n')
}

function phpRecipe({ accountId, mode }: TokenRecipeOptions): string {
  return [
    '<?php',
    `// ${TOKEN_RECIPE_FILES.php}: RETAINKIT_WIDGET_SECRET=rkws_… php ${TOKEN_RECIPE_FILES.php} cus_123`,
    `const RETAINKIT_ACCOUNT_ID = ${quoted(accountId)};`,
    '',
    'function retainkit_b64url(string $data): string',
    '{',
    "    return rtrim(strtr(base64_encode($data), '+/', '-_'), '=');",
    '}',
    '',
    '// Per page view of a signed-in subscriber; $ttlSeconds at most 3600.',
    'function retainkit_subscriber_token(string $customerId, int $ttlSeconds = 900): string',
    '{',
    '    $now = time();',
    "    $claims = ['iss' => RETAINKIT_ACCOUNT_ID, 'sub' => $customerId, 'iat' => $now, 'exp' => $now + $ttlSeconds];",
    ...(mode === 'test' ? [`    $claims['mode'] = 'test'; // ${TEST_NOTE}`] : []),
    `    $secret = getenv('RETAINKIT_WIDGET_SECRET'); // ${SECRET_NOTE}`,
    "    $header = retainkit_b64url(json_encode(['alg' => 'HS256', 'typ' => 'JWT']));",
    '    $payload = retainkit_b64url(json_encode($claims));',
    '    $signature = hash_hmac(\'sha256\', "$header.$payload", $secret, true);',
    '    return "$header.$payload." . retainkit_b64url($signature);',
    '}',
    '',
    "if (PHP_SAPI === 'cli' && realpath($argv[0]) === __FILE__) {",
    '    echo retainkit_subscriber_token($argv[1]), PHP_EOL;',
    '}',
  ].join('\n')
}

function goRecipe({ accountId, mode }: TokenRecipeOptions): string {
  return [
    `// ${TOKEN_RECIPE_FILES.go}: RETAINKIT_WIDGET_SECRET=rkws_… go run ${TOKEN_RECIPE_FILES.go} cus_123`,
    'package main',
    '',
    'import (',
    '\t"crypto/hmac"',
    '\t"crypto/sha256"',
    '\t"encoding/base64"',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"os"',
    '\t"time"',
    ')',
    '',
    `const retainkitAccountID = ${quoted(accountId)}`,
    '',
    '// SubscriberToken is minted per page view of a signed-in subscriber; ttl is at most one hour.',
    'func SubscriberToken(customerID string, ttl time.Duration) (string, error) {',
    '\tnow := time.Now().Unix()',
    '\tclaims := map[string]any{"iss": retainkitAccountID, "sub": customerID, "iat": now, "exp": now + int64(ttl/time.Second)}',
    ...(mode === 'test' ? [`\tclaims["mode"] = "test" // ${TEST_NOTE}`] : []),
    '\theader, err := json.Marshal(map[string]string{"alg": "HS256", "typ": "JWT"})',
    '\tif err != nil {',
    '\t\treturn "", err',
    '\t}',
    '\tpayload, err := json.Marshal(claims)',
    '\tif err != nil {',
    '\t\treturn "", err',
    '\t}',
    '\tencoding := base64.RawURLEncoding',
    '\tsigningInput := encoding.EncodeToString(header) + "." + encoding.EncodeToString(payload)',
    `\tmac := hmac.New(sha256.New, []byte(os.Getenv("RETAINKIT_WIDGET_SECRET"))) // ${SECRET_NOTE}`,
    '\tmac.Write([]byte(signingInput))',
    '\treturn signingInput + "." + encoding.EncodeToString(mac.Sum(nil)), nil',
    '}',
    '',
    'func main() {',
    '\ttoken, err := SubscriberToken(os.Args[1], 15*time.Minute)',
    '\tif err != nil {',
    '\t\tfmt.Fprintln(os.Stderr, err)',
    '\t\tos.Exit(1)',
    '\t}',
    '\tfmt.Println(token)',
    '}',
  ].join('\n')
}

const RECIPES: Record<TokenRecipeLanguage, (options: TokenRecipeOptions) => string> = {
  node: nodeRecipe,
  shell: shellRecipe,
  python: pythonRecipe,
  ruby: rubyRecipe,
  php: phpRecipe,
  go: goRecipe,
}

export function tokenRecipe(language: TokenRecipeLanguage, options: TokenRecipeOptions): string {
  return RECIPES[language](options)
}

/** Tries a token: starts a cancel session for its customer (HTTP 201 with a sessionId when accepted). */
export function tryTokenRecipe(apiBaseUrl: string): string {
  return [
    '# Try a token: starts a cancel session for its customer (HTTP 201 and a "sessionId" when accepted).',
    `curl -sS -X POST ${shellQuoted(`${apiBaseUrl}/api/widget/sessions`)} \\`,
    '  -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" -d \'{}\'',
  ].join('\n')
}
