import { taskMessages } from '../tasks/messages'

/** Click-to-call and the RingCentral connection (docs/product.md "Click-to-call"): the product's wording, verbatim. */
export const callMessages = {
  phoneNumberRequired: 'Please Enter Phone Number First',
  profilePhoneRequired: 'Please enter phone number inside your profile!',
  sessionNotFound: 'RingCentral session not found, please login from you profile in order to make a calls!',
  sessionExpired: 'Your ring central session expired, please login again from your profile!',
  taskHeldByOther: taskMessages.alreadyAssigned,
  notAllowedToCall: "You're not allowed to call this contact.",
  callNotStarted: 'You cannot create activity before call is started',
  loginWaiting: 'Please wait for system to login!',
  loginSucceeded: 'Successfully logged in!',
  loginFailed: (message: string) =>
    `Error: ${message}. Please contact dev support with the message screenshot, or try login again!`,
  codeExpired: 'Authorization code expired',
  /** Our own: a sign-in that did not start from this user's profile (or started too long ago). */
  badState: 'This sign-in did not start from your profile or took too long',
  /** Our own: the server has no RingCentral application configured. */
  notConfigured:
    'Calling is off: an administrator sets RINGCENTRAL_SERVER_URL, RINGCENTRAL_CLIENT_ID and RINGCENTRAL_CLIENT_SECRET to enable it',
  callNotFound: 'Call not found',
  /** Our own: an incoming call is logged as one activity. */
  callAlreadyLogged: 'This call is already logged as an activity',
  /** Our own: a webhook call without RingCentral's verification token for that user. */
  webhookRefused: 'Unknown webhook sender',
  contactRequired: 'Please Select Contact',
  callLogEntryNotFound: 'Call log entry not found',
  noRecording: 'This call has no recording',
  providerFailed: (message: string) => `RingCentral refused the call: ${message}`,
} as const

/** docs/product.md 4: the phone session is refreshed when it expires within this many milliseconds. */
export const PHONE_SESSION_REFRESH_WINDOW_MS = 360_000
