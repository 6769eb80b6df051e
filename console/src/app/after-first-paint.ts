/** Runs `task` once the first frame is on screen and the browser is idle. */
export function afterFirstPaint(task: () => void): void {
  const idle = (callback: () => void) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(callback, { timeout: 2000 })
    else setTimeout(callback, 1)
  }
  if (typeof window.requestAnimationFrame === 'function') {
    window.requestAnimationFrame(() => idle(task))
  } else {
    idle(task)
  }
}
