import type { toast as sonnerToast } from 'sonner'
import { TOAST_ERROR_MS, toastDuration } from './toast-durations'

/**
 * The toasts' library loads after the first screen (it is not needed to log in). A toast raised before the
 * Toaster is on the page waits for it: one raised earlier would never show.
 */
let resolveMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => (resolveMounted = resolve))
/** Called by components/toaster-host.tsx once its Toaster listens. */
export const toasterMounted = () => resolveMounted()

type Toast = typeof sonnerToast
const show = (raise: (toast: Toast) => void) =>
  void Promise.all([import('sonner'), mounted]).then(([sonner]) => raise(sonner.toast))

/**
 * The one place that raises toasts, so docs/product.md's per-message durations apply everywhere.
 * Toasts are keyed by their text: the same failure reported twice (a retry, two queries) shows once.
 */
export const notify = {
  success(message: string, action?: { label: string; onClick: () => void }) {
    show((toast) => toast.success(message, { id: message, duration: toastDuration(message), action }))
  },
  info(message: string) {
    show((toast) => toast(message, { id: message, duration: toastDuration(message) }))
  },
  error(message: string) {
    show((toast) => toast.error(message, { id: message, duration: toastDuration(message, TOAST_ERROR_MS) }))
  },
  /** A question with two answers (the duplicate-contact toast's Decline and Accept); stays until answered. */
  confirm(message: string, description: string, answers: { accept: () => void; decline?: () => void }) {
    show((toast) =>
      toast(message, {
        id: message,
        description,
        duration: Infinity,
        action: { label: 'Accept', onClick: answers.accept },
        cancel: { label: 'Decline', onClick: () => answers.decline?.() },
      }),
    )
  },
  /** A 400's field → message map as one list toast (docs/product.md section 8). */
  fieldErrors(errors: Record<string, string>) {
    const list = [...new Set(Object.values(errors))]
    if (list.length === 0) return
    const key = list.join('\n')
    if (list.length === 1)
      return show((toast) => toast.error(list[0], { id: key, duration: toastDuration(list[0]!, TOAST_ERROR_MS) }))
    show((toast) =>
      toast.error(
        <ul className="list-disc space-y-0.5 pl-4">
          {list.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>,
        { id: key, duration: Math.max(...list.map((m) => toastDuration(m, TOAST_ERROR_MS))) },
      ),
    )
  },
}
