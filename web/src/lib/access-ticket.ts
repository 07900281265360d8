import type { AccessTicket, TicketRoute } from '@crm/contracts'
import { api } from './api'

/**
 * A single-use, short-lived access ticket for a route the browser opens without headers (the change feed, a
 * download link): the URL carries it instead of the bearer token, which would end up in logs.
 */
export const accessTicket = (route: TicketRoute): Promise<string> =>
  api.post<AccessTicket>('/auth/access-ticket', { route }, { quiet: true }).then((answer) => answer.ticket)
