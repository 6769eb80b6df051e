import { describe, expect, it } from 'vitest'
import { ConfigurationError, loadConfig } from './env'
import { OAUTH_PRESETS, parseOAuthProviders } from './oauth-providers'

const load = (value: string, nodeEnv = 'development') =>
  loadConfig({ NODE_ENV: nodeEnv, AUTH_OAUTH_PROVIDERS: value, SMTP_URL: 'smtp://mail.example' }, '/tmp')

function configError(value: string, nodeEnv?: string): ConfigurationError {
  try {
    load(value, nodeEnv)
  } catch (error) {
    if (error instanceof ConfigurationError) return error
    throw error
  }
  throw new Error('expected a configuration error')
}

describe('AUTH_OAUTH_PROVIDERS', () => {
  it('is optional: no providers by default', () => {
    expect(loadConfig({}, '/tmp').oauthProviders).toEqual([])
  })

  it('fills the GitHub and Google endpoints from presets', () => {
    const providers = parseOAuthProviders(
      JSON.stringify([
        { name: 'github', clientId: 'id1', clientSecret: 's1' },
        { name: 'google', clientId: 'id2', clientSecret: 's2', scopes: 'openid email' },
      ]),
      true,
    )
    expect(providers[0]).toEqual({
      name: 'github',
      clientId: 'id1',
      clientSecret: 's1',
      ...OAUTH_PRESETS.github,
    })
    expect(providers[1]).toMatchObject({
      name: 'google',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      emailsUrl: null,
      scopes: 'openid email',
    })
  })

  it('takes a generic provider with its three endpoints', () => {
    const [provider] = parseOAuthProviders(
      JSON.stringify([
        {
          name: 'acme-sso',
          clientId: 'c',
          clientSecret: 's',
          authorizeUrl: 'https://id.acme.example/authorize',
          tokenUrl: 'https://id.acme.example/token',
          userinfoUrl: 'https://id.acme.example/userinfo',
        },
      ]),
      true,
    )
    expect(provider).toMatchObject({ name: 'acme-sso', scopes: 'openid email profile', emailsUrl: null })
  })

  it('stops startup with a CONFIGURATION_ERROR naming the variable and the problem, never the secret', () => {
    const cases: [string, string, string?][] = [
      ['{not json', 'must be a JSON array of providers'],
      ['{"name":"github"}', 'Invalid input: expected array, received object'],
      [
        '[{"name":"acme","clientId":"c","clientSecret":"topsecret"}]',
        'acme needs authorizeUrl, tokenUrl and userinfoUrl',
      ],
      ['[{"name":"github","clientSecret":"topsecret"}]', 'clientId'],
      ['[{"name":"Git Hub","clientId":"c","clientSecret":"topsecret"}]', 'name must be lower-case'],
      ['[{"name":"email","clientId":"c","clientSecret":"topsecret"}]', 'name is reserved'],
      ['[{"name":"github","clientId":"c","clientSecret":"topsecret","extra":1}]', 'extra'],
      [
        '[{"name":"github","clientId":"c","clientSecret":"topsecret"},{"name":"github","clientId":"d","clientSecret":"e"}]',
        'names github twice',
      ],
      [
        '[{"name":"github","clientId":"c","clientSecret":"topsecret","tokenUrl":"http://github.example/token"}]',
        'must use https',
      ],
      [
        '[{"name":"github","clientId":"c","clientSecret":"topsecret","tokenUrl":"http://localhost:9000/token"}]',
        'must use https',
        'production',
      ],
    ]
    for (const [value, problem, nodeEnv] of cases) {
      const error = configError(value, nodeEnv)
      expect(error.variable).toBe('AUTH_OAUTH_PROVIDERS')
      expect(error.message).toMatch(/^CONFIGURATION_ERROR: AUTH_OAUTH_PROVIDERS /)
      expect(error.message).toContain(problem)
      expect(error.message).not.toContain('topsecret')
    }
  })

  it('allows plain http only for a provider on localhost outside production', () => {
    const value = JSON.stringify([
      {
        name: 'devidp',
        clientId: 'c',
        clientSecret: 's',
        authorizeUrl: 'http://localhost:9000/authorize',
        tokenUrl: 'http://127.0.0.1:9000/token',
        userinfoUrl: 'http://localhost:9000/userinfo',
      },
    ])
    expect(load(value).oauthProviders).toHaveLength(1)
  })
})
