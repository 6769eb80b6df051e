import { useEffect, useState } from 'react'

type CopyState = 'idle' | 'copied' | 'failed'

const COPIED_RESET_MS = 2_000

/** Copies `text` to the clipboard and says so in a live region; if the browser refuses, it says that too. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<CopyState>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), COPIED_RESET_MS)
    return () => clearTimeout(timer)
  }, [state])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <span className="rk-copy-button">
      <button
        type="button"
        className="rk-button rk-button--secondary rk-button--small"
        onClick={() => void copy()}
      >
        {label}
      </button>
      <span className="rk-copy-button__status" aria-live="polite">
        {state === 'copied'
          ? 'Copied to clipboard'
          : state === 'failed'
            ? 'Copy failed: select the text and copy it'
            : ''}
      </span>
    </span>
  )
}
