/**
 * Runs `work` once the page has loaded and the browser is idle: what it downloads then neither competes with
 * the first screen's own scripts nor counts towards that screen's largest paint (the toasts' library, the
 * sign-in form's validation rules). Returns a function that cancels it (an effect's cleanup).
 */
export function afterFirstScreen(work: () => void): () => void {
  let cancelled = false
  const run = () => {
    if (!cancelled) work()
  }
  const whenIdle = () => {
    // Every browser the product supports has requestIdleCallback but Safari before 18: a moment later there.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 })
    else setTimeout(run, 200)
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', whenIdle)
  }
}
