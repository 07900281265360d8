import { z } from 'zod'

/**
 * The routes a client opens without a header (EventSource, a download link) and so with an access ticket
 * (`?ticket=`), by their path under /api/v1. POST /auth/access-ticket gives one ticket for one of them.
 */
export const ticketRoutes = ['/changes', '/activity/download-file', '/events/subscribe'] as const
export type TicketRoute = (typeof ticketRoutes)[number]

export const accessTicketRequestSchema = z.object({
  // Refused as "Route must be one of: /changes, …" (the HTTP app's validation messages).
  route: z.enum(ticketRoutes),
})
export type AccessTicketRequest = z.infer<typeof accessTicketRequestSchema>

export const accessTicketSchema = z.object({
  /** Send as `?ticket=`; opens one request to the route, until expiresAt (seconds away). */
  ticket: z.string(),
  expiresAt: z.string(),
})
export type AccessTicket = z.infer<typeof accessTicketSchema>
