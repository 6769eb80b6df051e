import { z } from 'zod'
import { cancelFlowConfigSchema, cancellationReasonsSchema, planSchema } from '../config/schema'
import { FEEDBACK_CATEGORIES, OFFER_TYPES, SAVE_MECHANISMS } from '../config/vocabulary'
import { FLOW_ACTIONS, SCREEN_KINDS } from '../flow/types'
import { EN } from '../i18n/catalogs'
import type { AfterCancelStrings, StatutoryStrings } from '../i18n/legal-types'
import { UI_STRING_KEYS, type UiStringKey } from '../i18n/ui-strings'
import { JURISDICTION_MODES } from '../jurisdiction/modes'
import { isoTime, nullableTime, obj, tier } from './common'

/** The widget's public API answers its contract bare (no `{data}` envelope). */

const offerType = z.enum(OFFER_TYPES)
const flowScreen = z.union([
  obj({ kind: z.enum(['reason', 'confirm', 'final']) }),
  obj({ kind: z.literal('feedback'), category: z.enum(FEEDBACK_CATEGORIES) }),
  obj({ kind: z.enum(['offer', 'success']), offer: offerType }),
])
const offerOption = z.union([
  obj({ kind: z.literal('months'), months: z.number() }),
  obj({ kind: z.literal('plan'), plan: planSchema }),
])
/** A flow planned by shared `planFlow` (FlowPlan): what the widget walks. */
export const flowPlan = obj({
  steps: z.array(z.enum(SCREEN_KINDS)),
  requireReason: z.boolean(),
  paths: z.record(z.string(), z.array(flowScreen)),
  options: z.partialRecord(offerType, z.array(offerOption)),
})

const actionLabels = z.partialRecord(z.enum(FLOW_ACTIONS), z.string())
/** A flow's words for one language and subscriber (FlowWords, shared `resolveFlowWords`). */
export const flowWords = obj({
  screens: z.record(
    z.string(),
    obj({
      progress: z.string().optional(),
      headline: z.string(),
      subheadline: z.string(),
      placeholder: z.string().optional(),
      dropdownLabel: z.string().optional(),
      note: z.string().optional(),
      labels: actionLabels,
    }),
  ),
  options: z.partialRecord(
    offerType,
    z.array(obj({ label: z.string(), fills: z.record(z.string(), z.string()) })),
  ),
})

export const widgetConfig = obj({
  accountId: z.string(),
  tier,
  config: cancelFlowConfigSchema,
  reasons: cancellationReasonsSchema.or(z.array(z.never())),
  version: z.number().int(),
  themeCss: z.string(),
  defaultLocale: z.string(),
  locales: z.record(
    z.string(),
    obj({
      dir: z.enum(['ltr', 'rtl']),
      words: flowWords,
      reactivation: obj({
        headline: z.string(),
        subheadline: z.string(),
        cta_primary: z.string(),
        cta_secondary: z.string(),
      }),
      reasons: z.record(z.string(), z.string()),
      ui: obj(
        Object.fromEntries(UI_STRING_KEYS.map((key) => [key, z.string().min(1)])) as Record<
          UiStringKey,
          z.ZodString
        >,
      ),
    }),
  ),
  routed: z.literal(true).optional(),
  plan: flowPlan,
})
const interval = z.enum(['day', 'week', 'month', 'year'])
export const subscriberPlan = obj({
  priceId: z.string(),
  productName: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval,
  intervalCount: z.number(),
})
export const reactivationTerms = obj({
  planName: z.string(),
  currency: z.string(),
  interval,
  intervalCount: z.number(),
  amount: z.number(),
  discount: obj({ percentOff: z.number(), amount: z.number(), charges: z.number() }).nullable(),
  firstChargeAt: isoTime,
  chargesNow: z.boolean(),
  summary: z.array(z.string()),
  firstCharge: z.string(),
})
/** A legal block's words as a session carries them (`LegalBlockWords`). */
const legalBlock = <S extends z.ZodType>(words: S) =>
  obj({ lang: z.string(), dir: z.enum(['ltr', 'rtl']), words })
const stringsOf = <K extends string>(keys: readonly K[]) =>
  obj(Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<K, z.ZodString>)
const STATUTORY_KEYS = Object.keys(EN.legal.statutory) as (keyof StatutoryStrings)[]
const AFTER_CANCEL_KEYS = Object.keys(EN.legal.after_cancel) as (keyof AfterCancelStrings)[]
const statutoryKind = z.enum(['ordinary', 'extraordinary', 'withdrawal'])
export const statutoryPage = legalBlock(stringsOf(STATUTORY_KEYS)).extend({
  variant: z.enum(['termination', 'withdrawal']),
  kinds: z.array(statutoryKind),
  name: z.string(),
  email: z.string(),
  contract: z.string(),
  earliestEnd: nullableTime,
  withdrawalUntil: nullableTime,
})
const sessionJurisdiction = obj({ mode: z.enum(JURISDICTION_MODES), chunk: z.string().optional() })
export const routeAnswer = obj({
  flow: obj({
    config: cancelFlowConfigSchema,
    reasons: cancellationReasonsSchema.or(z.array(z.never())),
  }).optional(),
  plan: flowPlan,
  words: flowWords,
  jurisdiction: sessionJurisdiction,
  statutory: statutoryPage.optional(),
  afterCancel: legalBlock(stringsOf(AFTER_CANCEL_KEYS)).optional(),
})
export const statutoryReceived = obj({
  status: z.literal('received'),
  receivedAt: isoTime,
  endsAt: nullableTime,
  reference: z.string(),
  headline: z.string(),
  text: z.string(),
})
export const scheduledCancellation = obj({
  endsAt: isoTime,
  endsOn: z.string().optional(),
  terms: reactivationTerms.nullable(),
  chunk: z.string().optional(),
})
export const sessionStarted = z.union([
  obj({
    fallback: z.literal(false),
    sessionId: z.string(),
    subscriber: obj({
      customerId: z.string(),
      subscriptionId: z.string(),
      status: z.string(),
      plan: subscriberPlan,
      mrr: z.number(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: nullableTime,
    }).nullable(),
    eligibleOffers: z.array(offerType),
    offersSuppressedBy: z
      .enum([
        'free_tier',
        'compliance',
        'recent_save',
        'no_subscription',
        'scheduled_cancel',
        'holdout',
        'jurisdiction',
      ])
      .optional(),
    jurisdiction: sessionJurisdiction.optional(),
    statutory: statutoryPage.optional(),
    afterCancel: legalBlock(stringsOf(AFTER_CANCEL_KEYS)).optional(),
    scheduledCancellation: scheduledCancellation.optional(),
    flow: obj({
      config: cancelFlowConfigSchema,
      reasons: cancellationReasonsSchema.or(z.array(z.never())),
    }).optional(),
    plan: flowPlan,
    words: flowWords,
  }),
  obj({ fallback: z.literal(true), reason: z.enum(['session_limit', 'not_configured']) }),
])
export const eventsPartlyStored = obj({
  accepted: z.number().int(),
  refused: z.array(obj({ index: z.number().int(), field: z.string(), message: z.string() })),
})
const mechanism = z.enum(SAVE_MECHANISMS)
export const offerAccepted = z.union([
  obj({
    status: z.literal('applied'),
    mechanism,
    mrrBefore: z.number(),
    mrrAfter: z.number(),
    message: z.string(),
  }),
  obj({ status: z.literal('redirect'), mechanism, redirectUrl: z.string() }),
  obj({ status: z.literal('recorded'), mechanism }),
])
export const cancelled = z.union([
  obj({
    status: z.literal('scheduled'),
    cancelAt: nullableTime,
    message: z.string(),
    endsOn: z.string().nullable().optional(),
  }),
  obj({ status: z.literal('recorded') }),
])
const reactivationKind = z.enum(['paused', 'scheduled_cancel', 'churned'])
export const reactivation = z.union([
  obj({
    eligible: z.literal(true),
    sessionId: z.string(),
    kind: reactivationKind,
    subscriptionId: z.string().nullable(),
    plan: subscriberPlan.nullable(),
    offer: obj({ percentOff: z.number(), months: z.number() }).nullable(),
    terms: reactivationTerms,
    chunk: z.string().optional(),
  }),
  obj({
    eligible: z.literal(false),
    prompt: obj({
      chunk: z.string(),
      mode: z.enum(['banner', 'wall']),
      link: z.string(),
      pauseLink: z.string().nullable(),
      locale: z.string(),
      dir: z.enum(['ltr', 'rtl']),
      amount: z.string(),
      words: obj({
        headline: z.string(),
        body: z.string(),
        button: z.string(),
        dismiss: z.string(),
        pause: z.string().nullable(),
      }),
    })
      .optional()
      .describe("A past-due subscriber's payment prompt (payment recovery): the chunk to load and its words"),
  }),
])
export const reactivated = obj({
  status: z.literal('reactivated'),
  kind: reactivationKind,
  subscriptionId: z.string(),
  message: z.string(),
})
