import type { RecipientView } from '@crm/contracts'
import { api } from '../../lib/api'

const at = (path: string, token: string) => `/email-links/${path}${encodeURIComponent(token)}`

/** The recipient's pages: no session; the signed token in the address is the only key. */
export const recipientApi = {
  view: (token: string) => api.get<RecipientView>(at('', token), { quiet: true, noAuthRedirect: true }),
  unsubscribe: (token: string) =>
    api.post<{ message: string }>(at('unsubscribe/', token), {}, { quiet: true, noAuthRedirect: true }),
  reportAbuse: (token: string) =>
    api.post<{ message: string }>(at('report-abuse/', token), {}, { quiet: true, noAuthRedirect: true }),
  click: (token: string, redirectLink: string) =>
    api.post<{ url: string }>(at('click/', token), { redirectLink }, { quiet: true, noAuthRedirect: true }),
}
