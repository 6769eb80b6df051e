import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router-dom'
import { accountHref } from '../../components/app-link'
import { PageLoadError } from '../../components/load-error'
import { NoAccountNotice } from '../../components/no-account-notice'
import type { PreviewVariant } from '../../features/preview/preview-module'
import { SamplePreview } from '../../features/preview/sample-preview'
import { getConfig, getReasons } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { type PageLoaded, useAccountLoad } from '../../lib/use-account-load'
import { useCapability } from '../../session/session-store'
import { useAccountId } from '../../session/use-account-id'
import './preview.css'

interface SavedData {
  config: CancelFlowConfig
  reasons: CancellationReason[]
  version: number
}

async function loadSaved(id: string): Promise<PageLoaded<SavedData>> {
  const [config, reasons] = await Promise.all([getConfig(id), getReasons(id)])
  const error = config.error ?? reasons.error
  if (error || !config.data || !reasons.data) {
    return { status: 'error', message: error ? userMessageOf(error) : 'An unexpected error occurred.' }
  }
  return {
    status: 'ready',
    data: { config: config.data.config_json, reasons: reasons.data.reasons, version: config.data.version },
  }
}

/**
 * /preview/?account_id=… — the SAVED configuration (what subscribers get right now) in the real widget,
 * on a sample merchant page: the cancel flow with a screen switcher, or the reactivation banner.
 */
export default function PreviewPage() {
  const accountId = useAccountId()
  const canEdit = useCapability('canEditConfig')
  const { state: load, retry } = useAccountLoad(accountId, loadSaved)
  const [variant, setVariant] = useState<PreviewVariant>('cancel')
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)

  if (!accountId) return <NoAccountNotice />
  if (load.status === 'loading') {
    return (
      <p className="rk-page-loading" role="status">
        Loading your saved flow…
      </p>
    )
  }
  if (load.status === 'error') {
    return <PageLoadError title="The preview could not load" message={load.message} onRetry={retry} />
  }
  return (
    <SavedPreview
      accountId={accountId}
      canEdit={canEdit}
      config={load.data.config}
      reasons={load.data.reasons}
      version={load.data.version}
      variant={variant}
      onVariantChange={setVariant}
      screen={screen}
      onScreenChange={setScreen}
    />
  )
}

interface SavedPreviewProps {
  accountId: string
  canEdit: boolean
  config: CancelFlowConfig
  reasons: CancellationReason[]
  version: number
  variant: PreviewVariant
  onVariantChange: (variant: PreviewVariant) => void
  screen: FlowScreen | undefined
  onScreenChange: (screen: FlowScreen) => void
}

function SavedPreview(props: SavedPreviewProps) {
  const { accountId, canEdit, config, reasons, version, variant, screen } = props
  return (
    <div className="rk-preview-page">
      <header className="rk-preview-page__header">
        <div>
          <h1>Preview</h1>
          <p className="rk-field__hint">
            Version {version} as your subscribers see it now, on a sample account page. Unsaved editor changes
            are not shown here.
          </p>
        </div>
        {canEdit ? (
          <Link className="rk-button rk-button--secondary" to={accountHref('editor', accountId)}>
            Edit this flow
          </Link>
        ) : null}
      </header>
      <SamplePreview
        config={config}
        reasons={reasons}
        screen={screen}
        onScreenChange={props.onScreenChange}
        variant={variant}
        onVariantChange={props.onVariantChange}
        frame={(widget, subscriber) => (
          <MerchantPageMock planName={subscriber.planName} showBanner={variant === 'banner'}>
            {widget}
          </MerchantPageMock>
        )}
      />
    </div>
  )
}

/**
 * A stand-in merchant site (the widget's natural habitat): an account page with the subscription and
 * its cancel link. The banner shows at the top of the page; the cancel flow over the dimmed page. All of
 * it is decoration: nothing here links anywhere.
 */
function MerchantPageMock({
  planName,
  showBanner,
  children,
}: {
  planName: string
  showBanner: boolean
  children: ReactNode
}) {
  return (
    <figure className="rk-mock">
      <figcaption className="rk-visually-hidden">Sample merchant page</figcaption>
      <div className="rk-mock__chrome" aria-hidden="true">
        <span className="rk-mock__dot" />
        <span className="rk-mock__dot" />
        <span className="rk-mock__dot" />
        <span className="rk-mock__url">https://shop.example.com/account</span>
      </div>
      <div className={`rk-mock__site rk-mock__site--${showBanner ? 'banner' : 'overlay'}`}>
        {/* One slot for both variants, so switching keeps the same widget instance: the banner sits at
            the top of the page; the cancel flow covers the dimmed page, which grows to fit it. */}
        <div className={showBanner ? 'rk-mock__banner' : 'rk-mock__overlay'}>{children}</div>
        <div className="rk-mock__content" aria-hidden={showBanner ? undefined : true}>
          <div className="rk-mock__nav" aria-hidden="true">
            <strong>Northwind Coffee Club</strong>
            <span>Shop</span>
            <span>Subscriptions</span>
            <span>Account</span>
          </div>
          <div className="rk-mock__page">
            <h2>Your subscription</h2>
            <p>
              {planName} · renews monthly · <span className="rk-mock__link">Cancel subscription</span>
            </p>
          </div>
        </div>
      </div>
    </figure>
  )
}
