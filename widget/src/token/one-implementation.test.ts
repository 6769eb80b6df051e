import * as publishedBuild from '@retainkit/node'
import { describe, expect, it } from 'vitest'
import * as widgetToken from './create-subscriber-token'

// Asserted from the widget's side: the widget depends on @retainkit/node, never the other way round,
// so the package graph stays free of cycles.
describe('@retainkit/widget/token', () => {
  it('is the one implementation published as @retainkit/node', () => {
    expect(widgetToken.createSubscriberToken).toBe(publishedBuild.createSubscriberToken)
    expect(widgetToken.SUBSCRIBER_TOKEN_MAX_TTL_SECONDS).toBe(publishedBuild.SUBSCRIBER_TOKEN_MAX_TTL_SECONDS)
  })
})
