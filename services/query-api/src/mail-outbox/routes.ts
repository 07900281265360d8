import { pagedSchema } from '@crm/contracts'
import { listOutboxMail, requirePermission, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'

const mailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
})
const params = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  first: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

/** The local outbox (no SMTP configured): what the system would have mailed. Administrators only. */
export function mailOutboxRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/mail-outbox',
    {
      preHandler: requirePermission('admin'),
      schema: {
        summary: 'Mail kept in the outbox (administrators)',
        tags: ['mail'],
        querystring: params,
        response: { 200: pagedSchema(mailSchema) },
      },
    },
    async (request) => ({ ...(await listOutboxMail(db, request.query)), totalIsCapped: false }),
  )
}
