import type { Tier } from '@retainkit/shared/billing'
import type { CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { ReasonsEditor } from '../../features/reasons/reasons-editor'
import { ComplianceSection } from './sections/compliance-section'
import { CopySection } from './sections/copy-section'
import { FlowSection } from './sections/flow-section'
import { LanguagesSection } from './sections/languages-section'
import { OffersSection } from './sections/offers-section'
import { ReactivationSection } from './sections/reactivation-section'
import { ReasonOrderField } from './sections/reason-order-field'
import { EditorSection, type SectionProps } from './sections/section'
import { ThemeSection } from './sections/theme-section'
import type { useStripePlans } from './use-stripe-plans'

/** Sections a free account cannot change (default flow and styling, no save offers or banners). */
const FREE_LOCKS = {
  theme: 'Custom styling',
  flow: 'A custom flow',
  offers: 'Save offers',
  reactivation: 'The reactivation banner',
} as const

const SECTION_LINKS = [
  ['editor-copy', 'Copy'],
  ['editor-reasons', 'Reasons'],
  ['editor-offers', 'Offers'],
  ['editor-theme', 'Styling'],
  ['editor-flow', 'Flow'],
  ['editor-banner', 'Banner'],
  ['editor-compliance', 'Compliance'],
  ['editor-languages', 'Languages'],
] as const

export interface EditorFormProps {
  accountId: string
  tier: Tier | null
  section: SectionProps
  onSubmit(): void
  /** The saved reasons as the reasons editor holds them (the order field and preview use them). */
  reasons: CancellationReason[]
  onReasonsChange(reasons: CancellationReason[]): void
  onReasonsDirtyChange(dirty: boolean): void
  initialReasons: CancellationReason[] | null
  initialReasonsVersion?: number | undefined
  stripePlans: ReturnType<typeof useStripePlans>
  onShowScreen(screen: FlowScreen): void
  onShowBanner(): void
  locale: string
  onLocaleChange(locale: string): void
}

/** The editor's form: a table of contents and one section per part of the flow, the reasons included. */
export function EditorForm(props: EditorFormProps) {
  const { accountId, section, onShowScreen } = props
  const lock = (feature: string) => (props.tier === 'free' ? feature : null)
  return (
    <form
      id="editor-form"
      className="rk-editor__form"
      aria-label="Cancel flow settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      <nav className="rk-editor__toc" aria-label="Editor sections">
        {SECTION_LINKS.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      <EditorSection
        id="editor-copy"
        title="Copy"
        description="The words on every screen of the cancel flow."
      >
        <CopySection {...section} onShowScreen={onShowScreen} />
      </EditorSection>
      <ReasonsSection {...props} />
      <EditorSection id="editor-offers" title="Save offers" lockedFeature={lock(FREE_LOCKS.offers)}>
        <OffersSection
          {...section}
          accountId={accountId}
          stripePlans={props.stripePlans}
          onShowScreen={onShowScreen}
        />
      </EditorSection>
      <EditorSection id="editor-theme" title="Styling" lockedFeature={lock(FREE_LOCKS.theme)}>
        <ThemeSection {...section} />
      </EditorSection>
      <EditorSection id="editor-flow" title="Flow" lockedFeature={lock(FREE_LOCKS.flow)}>
        <FlowSection {...section} />
      </EditorSection>
      <EditorSection
        id="editor-banner"
        title="Reactivation banner"
        lockedFeature={lock(FREE_LOCKS.reactivation)}
      >
        <ReactivationSection {...section} onShowBanner={props.onShowBanner} />
      </EditorSection>
      <EditorSection
        id="editor-compliance"
        title="Compliance"
        description="Every step always shows a visible way to finish cancelling; here you can also switch offers off."
      >
        <ComplianceSection {...section} />
      </EditorSection>
      <EditorSection
        id="editor-languages"
        title="Languages"
        description="Subscribers get the flow in their language: the one signed in their token, else the one your page passes to attach, else their browser's. English, French, German and Spanish are built in."
      >
        <LanguagesSection
          {...section}
          reasons={props.reasons}
          locale={props.locale}
          onLocaleChange={props.onLocaleChange}
        />
      </EditorSection>
    </form>
  )
}

/** The reasons list (saved with its own button) and their order in the flow (saved with the flow). */
function ReasonsSection(props: EditorFormProps) {
  const { section, initialReasons, initialReasonsVersion } = props
  return (
    <EditorSection
      id="editor-reasons"
      title="Cancellation reasons"
      description="The reasons list is saved with its own button; the order in the flow is part of the flow."
    >
      <ReasonsEditor
        accountId={props.accountId}
        readOnly={section.disabled}
        onReasonsChange={props.onReasonsChange}
        onDirtyChange={props.onReasonsDirtyChange}
        {...(initialReasons ? { initialReasons } : {})}
        {...(initialReasonsVersion !== undefined ? { initialVersion: initialReasonsVersion } : {})}
      />
      <ReasonOrderField
        order={section.draft.copy.cancel_reasons}
        reasons={props.reasons}
        errors={section.errors}
        set={section.set}
        disabled={section.disabled}
      />
    </EditorSection>
  )
}
