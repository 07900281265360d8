import { messages, TOAST_DEFAULT_MS } from '@crm/contracts'

/** Error toasts (422 and other failures) stay 5 s (docs/product.md section 8). */
export const TOAST_ERROR_MS = 5000
const TOAST_LONG_MS = 10_000
const TOAST_SHORT_MS = 2500

type Matcher = string | RegExp

// Messages docs/product.md gives their own duration (sections 5 and 8); everything else uses the default.
const long: Matcher[] = [
  messages.operationFailed,
  'Division filter field must be entered',
  'You cannot create activity before call is started',
  /^You have made \d+ attempts and \d+ attempts are required before giving up$/,
  /^You must enter data for .+ to be able to mark as read$/,
]
const short: Matcher[] = ['Zip code must be provided!', 'Distance Radius must be provided!']

const matches = (message: string) => (m: Matcher) => (typeof m === 'string' ? m === message : m.test(message))

/** How long a toast with this message stays up. */
export function toastDuration(message: string, fallback: number = TOAST_DEFAULT_MS): number {
  if (long.some(matches(message))) return TOAST_LONG_MS
  if (short.some(matches(message))) return TOAST_SHORT_MS
  return fallback
}
