import { WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import type { AppDeps } from '../../../deps'
import { encodeConfigBody, type PublishedWidgetConfig } from '../../../services/widget/published-config'
import { widgetReleasesFor } from '../../../services/widget/releases'
import { adaptAnswer, answerChanges } from './adapt'
import type { WidgetCall } from './changes'

const CONFIG_CALL: WidgetCall = 'GET /api/widget/config/{accountId}'

/** Each cached config's other versions, made once per entry and version (publishing replaces the entry). */
const variants = new WeakMap<PublishedWidgetConfig, Map<number, PublishedWidgetConfig>>()

/**
 * The published config as a widget of `version` reads it: the entry itself when nothing differs (the
 * same bytes and ETag), else its adapted answer prebuilt like the entry (bodies in three encodings, its
 * own ETag), so that both the framework route and the node:http fast path serve it from memory.
 */
export function configForVersion(
  deps: AppDeps,
  entry: PublishedWidgetConfig,
  version: number,
): PublishedWidgetConfig {
  if (version >= WIDGET_CONTRACT_VERSION) return entry
  const releases = widgetReleasesFor(deps.staticRoots)
  if (!answerChanges(CONFIG_CALL, version) && !releases.archived.get(version)?.chunks.length) return entry
  let byVersion = variants.get(entry)
  if (!byVersion) {
    byVersion = new Map()
    variants.set(entry, byVersion)
  }
  let variant = byVersion.get(version)
  if (!variant) {
    const answer = JSON.parse(new TextDecoder().decode(entry.body)) as unknown
    const adapted = adaptAnswer(CONFIG_CALL, answer, version, (url, v) => releases.chunkFor(url, v))
    variant = { ...entry, ...encodeConfigBody(adapted) }
    byVersion.set(version, variant)
  }
  return variant
}
