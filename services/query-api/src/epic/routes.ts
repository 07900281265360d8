import {
  contactIdQuerySchema,
  epicDataSchema,
  epicMessages,
  rrgSchema,
  type EpicAccount,
  readModelNames,
} from '@crm/contracts'
import { badGateway, notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { openableContactId } from '../contacts/find-contact'
import { viewerOf, type Viewer } from '../viewer'
import { EpicUnavailable, type EpicDirectory } from './epic-directory'

const config = {
  projections: [readModelNames.contactsList, readModelNames.contactDivisions],
  openapi: { errors: [502 as const] },
}

/**
 * The contact's insurance as Epic keeps it (docs/decisions/027-the-remaining-contact-calls.md). Without an Epic
 * connection both calls answer `configured: false` with the reason; an Epic that fails answers 502 'Failed to
 * fetch Epic data'.
 */
export function epicRoutes(api: HttpApp, { db, epic }: { db: Kysely<unknown>; epic: EpicDirectory | null }): void {
  /** The visible contact's id, name and DOT (404 for a missing or hidden one), and its Epic account. */
  const lookUp = async (viewer: Viewer, contactId: string, log: { warn: (o: object, m: string) => void }) => {
    const id = await openableContactId(db, viewer, contactId)
    if (!id) throw notFound('Contact not found')
    if (!epic) return { id, account: null }
    const { rows } = await sql<{ name: string; dot_number: string | null }>`
      select name, dot_number from contacts_list where id = ${id}::uuid`.execute(db)
    const carrier = rows[0]
    if (!carrier) throw notFound('Contact not found')
    try {
      return { id, account: await epic.findAccount({ dotNumber: carrier.dot_number, name: carrier.name }) }
    } catch (error) {
      if (!(error instanceof EpicUnavailable)) throw error
      log.warn({ err: error }, 'Epic lookup failed')
      throw badGateway(epicMessages.failed, error.message)
    }
  }

  api.get(
    '/epic/epic-data',
    {
      config,
      schema: {
        tags: ['contacts'],
        summary: "The contact's account and insurance policies in Epic, found by DOT number (or name)",
        querystring: contactIdQuerySchema,
        response: { 200: epicDataSchema },
      },
    },
    async (request) => {
      const { id, account } = await lookUp(viewerOf(request), request.query.contactId, request.log)
      return {
        contactId: id,
        configured: epic !== null,
        message: epic ? (account ? null : 'No Epic account for this contact') : epicMessages.notConfigured,
        account,
      }
    },
  )

  api.get(
    '/contacts/rrg/:id',
    {
      config,
      schema: {
        tags: ['contacts'],
        summary: "Whether the carrier's liability is insured through a risk retention group (its Epic policies)",
        params: z.object({ id: z.uuid() }),
        response: { 200: rrgSchema },
      },
    },
    async (request) => {
      const { id, account } = await lookUp(viewerOf(request), request.params.id, request.log)
      return { contactId: id, configured: epic !== null, ...rrgOf(account) }
    },
  )
}

/** The risk-retention-group policies of an account; whether it is insured through one (null: unknown). */
export function rrgOf(account: EpicAccount | null) {
  if (!account) return { insuredThroughRrg: null, policies: [] }
  const policies = account.policies.filter((p) => p.riskRetentionGroup)
  return { insuredThroughRrg: policies.some((p) => p.status.toLowerCase() === 'active'), policies }
}
