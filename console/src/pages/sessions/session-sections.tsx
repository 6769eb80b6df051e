import { formatMoney } from '@retainkit/shared/money'
import type { ReactNode } from 'react'
import { EvidenceSection } from './session-evidence'
import type { SessionSection, SessionSectionProps } from './session-section-types'
import {
  customerLabel,
  formatWhen,
  KIND_LABELS,
  mrrLabel,
  OUTCOME_LABELS,
  offerLabel,
  planLabel,
  readerLocale,
  type SessionDetail,
  STEP_LABELS,
} from './session-words'

type Fact = readonly [term: string, value: ReactNode]

function Facts({ items }: { items: readonly Fact[] }) {
  return (
    <dl className="rk-details rk-session__facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Overview({ session, reasonLabel }: SessionSectionProps) {
  const customer = (
    <>
      {customerLabel(session.customer)}
      {session.customer.masked ? <span className="rk-muted"> (shown in part to viewers)</span> : null}
    </>
  )
  return (
    <Facts
      items={[
        ['Customer', customer],
        ['Customer id', <code key="id">{session.customer.id}</code>],
        [
          'In Stripe',
          session.stripe_url ? (
            <a key="stripe" href={session.stripe_url} target="_blank" rel="noopener noreferrer">
              Open the customer in Stripe
            </a>
          ) : (
            'Stripe is not connected'
          ),
        ],
        ['Plan', planLabel(session.plan)],
        ['MRR', mrrLabel(session.mrr)],
        ['Reason', session.reason_key ? reasonLabel(session.reason_key) : '—'],
        ['Outcome', OUTCOME_LABELS[session.outcome]],
        ['Flow', `${KIND_LABELS[session.kind]}${session.mode === 'test' ? ' (test mode)' : ''}`],
        ['Segment', session.segment_id ?? 'Default flow'],
        ['Experiment arm', session.arm_id ?? '—'],
        ['Started', formatWhen(session.started_at)],
        ['Ended', session.completed_at ? formatWhen(session.completed_at) : 'Not ended'],
      ]}
    />
  )
}

function Steps({ session, reasonLabel }: SessionSectionProps) {
  return (
    <ol className="rk-session__steps">
      {session.steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed, ordered record
        <li key={index}>
          <time dateTime={step.at}>{formatWhen(step.at)}</time>
          <span className="rk-session__step">{STEP_LABELS[step.step] ?? step.step}</span>
          {step.reason_key ? <span className="rk-muted"> — {reasonLabel(step.reason_key)}</span> : null}
          {step.offer ? <span className="rk-muted"> — {offerLabel(step.offer)}</span> : null}
          {step.text ? <blockquote className="rk-session__quote">{step.text}</blockquote> : null}
        </li>
      ))}
    </ol>
  )
}

function OfferAndSave({ session }: SessionSectionProps) {
  const amount = (value: NonNullable<SessionDetail['save']>['mrr_before']) =>
    value ? formatMoney(value, readerLocale()) : '—'
  return (
    <Facts
      items={[
        ['Offer shown', offerLabel(session.offer_shown) ?? 'None'],
        ['Offer accepted', offerLabel(session.offer_accepted) ?? 'No'],
        ...(session.save
          ? ([
              ['Saved with', offerLabel(session.save.mechanism) ?? session.save.mechanism],
              [
                'MRR before → after',
                `${amount(session.save.mrr_before)} → ${amount(session.save.mrr_after)}`,
              ],
              ['Saved', formatWhen(session.save.saved_at)],
            ] as const)
          : []),
      ]}
    />
  )
}

const CHECKPOINT_WORDS = {
  kept: 'still paying',
  lost: 'lost',
  pending: 'not reached yet',
  unknown: 'unknown',
} as const

function Since({ session }: SessionSectionProps) {
  const { since } = session
  if (!since.subscription_status && !since.durability)
    return <p>Stripe has told us nothing about this subscription since the session.</p>
  const checkpoints = since.checkpoints
  return (
    <Facts
      items={[
        ['Subscription now', since.subscription_status ?? 'Unknown'],
        ...(since.cancel_at_period_end
          ? ([['Scheduled to cancel', 'Yes, at the period’s end']] as const)
          : []),
        ...(since.durability
          ? ([
              [
                'The save',
                since.durability === 'kept'
                  ? 'Still paying'
                  : since.durability === 'lost'
                    ? 'Lost'
                    : 'Unknown',
              ],
            ] as const)
          : []),
        ...(since.lost_at ? ([['Lost on', formatWhen(since.lost_at)]] as const) : []),
        ...(checkpoints
          ? ([
              ['At 30 days', CHECKPOINT_WORDS[checkpoints.d30]],
              ['At 60 days', CHECKPOINT_WORDS[checkpoints.d60]],
              ['At 90 days', CHECKPOINT_WORDS[checkpoints.d90]],
            ] as const)
          : []),
        ['Last heard from Stripe', since.synced_at ? formatWhen(since.synced_at) : '—'],
      ]}
    />
  )
}

export type { SessionSection, SessionSectionProps } from './session-section-types'

/**
 * The sections of one session's page, in order: another part of the product adds its own here (a file
 * of its own and one line below), and the page draws it with the others, on a phone as on a laptop.
 * See README.md.
 */
export const SESSION_SECTIONS: readonly SessionSection[] = [
  { id: 'overview', title: 'Who and what', Component: Overview },
  { id: 'steps', title: 'Every step', Component: Steps },
  { id: 'offer', title: 'Offer and save', Component: OfferAndSave },
  { id: 'since', title: 'What happened since', Component: Since },
  { id: 'evidence', title: 'Evidence ledger', Component: EvidenceSection },
]
