import { isTranslatableKey } from '../i18n/resolve'
import { cancelFlowConfigShape, languagesShape, translationShape } from './shape'

/**
 * The cancel-flow configuration (`config_json`) as it is parsed: the shapes of `shape.ts` (from which
 * the types derive) with the one rule that needs the built-in words, that a translation names only
 * strings that exist. Kept apart so the words, typed by the shapes, never import the schema back.
 */
export {
  cancellationFlowSchema,
  cancellationReasonSchema,
  cancellationReasonsSchema,
  complianceSchema,
  copySchema,
  discountSchema,
  jurisdictionSettingsSchema,
  localeTagSchema,
  pauseSchema,
  planSchema,
  planSwitchSchema,
  reactivationConfigSchema,
  reasonsPayloadSchema,
  talkToUsSchema,
  themeSchema,
  trialExtensionSchema,
} from './shape'

const translationSchema = translationShape.superRefine((strings, ctx) => {
  for (const key of Object.keys(strings))
    if (!isTranslatableKey(key))
      ctx.addIssue({ code: 'custom', path: [key], message: `Unknown string: ${key}` })
})

/**
 * The account's languages: the default one (what a missing translation falls back to) and the
 * merchant's translations by language, flat keys (`copy.general.headline`, `ui.next`, `reason.<key>`).
 */
export const languagesSchema = languagesShape(translationSchema)

export const cancelFlowConfigSchema = cancelFlowConfigShape(languagesSchema)
