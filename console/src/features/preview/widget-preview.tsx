import { toPublishedConfig } from '@retainkit/shared/widget-api'
import { useEffect, useMemo, useRef, useState } from 'react'
import { loadPreviewModule, type PreviewHandle, type PreviewProps } from './preview-module'

export interface WidgetPreviewProps extends PreviewProps {
  /** Names the preview region for assistive technology, e.g. 'Cancel flow preview'. */
  label: string
  className?: string
}

type Status = 'loading' | 'ready' | 'error'

/**
 * React wrapper around the widget's framework-agnostic preview: mounts it once into a container this
 * component owns (React never renders inside it), calls `update` with every change of the props —
 * each keystroke in the editor — and destroys it on unmount.
 */
export function WidgetPreview({
  label,
  className,
  config,
  reasons,
  screen,
  subscriber,
  eligibleOffers,
  variant,
  locale,
  cap,
  mode,
}: WidgetPreviewProps) {
  const container = useRef<HTMLDivElement>(null)
  const handle = useRef<PreviewHandle | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [attempt, setAttempt] = useState(0)

  const props = useMemo<PreviewProps>(
    () => ({
      // What subscribers get from the config endpoint, not the whole saved config.
      config: toPublishedConfig(config),
      reasons,
      ...(screen ? { screen } : {}),
      ...(subscriber ? { subscriber } : {}),
      ...(eligibleOffers ? { eligibleOffers } : {}),
      ...(variant ? { variant } : {}),
      ...(locale ? { locale } : {}),
      ...(cap ? { cap } : {}),
      ...(mode ? { mode } : {}),
    }),
    [config, reasons, screen, subscriber, eligibleOffers, variant, locale, cap, mode],
  )
  // The mount effect reads the latest props without re-running (re-mounting would lose the widget's state).
  const latest = useRef(props)
  latest.current = props

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the mount after a failed load
  useEffect(() => {
    let live = true
    setStatus('loading')
    loadPreviewModule().then(
      (module) => {
        const element = container.current
        if (!live || !element) return
        try {
          handle.current = module.mountPreview(element, latest.current)
          setStatus('ready')
        } catch {
          setStatus('error')
        }
      },
      () => {
        if (live) setStatus('error')
      },
    )
    return () => {
      live = false
      handle.current?.destroy()
      handle.current = null
    }
  }, [attempt])

  useEffect(() => {
    handle.current?.update(props)
  }, [props])

  return (
    <section
      className={`rk-widget-preview${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-busy={status === 'loading'}
    >
      <div ref={container} className="rk-widget-preview__mount" />
      {status === 'loading' ? (
        <p className="rk-widget-preview__status" role="status">
          Loading preview…
        </p>
      ) : null}
      {status === 'error' ? (
        <div className="rk-widget-preview__status" role="alert">
          <p>The preview could not be loaded.</p>
          <button
            type="button"
            className="rk-button rk-button--secondary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      ) : null}
    </section>
  )
}
