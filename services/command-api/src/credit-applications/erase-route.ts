import {
  commandAnswerSchema,
  creditApplicationPath,
  creditApplicationStreamId,
  erasePersonalDataSchema,
  type CreditApplicationSource,
} from '@crm/contracts'
import { redactClearPersonalData, requirePermission, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { withPosition } from '../command-handling/respond'
import { loadApplication, precheck, runApplicationCommand } from './run'

/**
 * Erasure of an applicant's personal data (docs/decisions/035), administrators only: as for a contact, the key
 * goes first, then events still in clear are redacted, then the erasure is recorded on the application's stream.
 */
export function applicationEraseRoute(
  api: HttpApp,
  { store, db }: { store: EventStore; db: Kysely<unknown> },
  source: CreditApplicationSource,
): void {
  api.post(
    `/${creditApplicationPath(source)}/:id/erase-personal-data`,
    {
      preHandler: requirePermission('admin'),
      schema: {
        tags: ['credit-applications'],
        summary: `Erase the personal data of ${source === 'website' ? 'a website' : `a ${source.toUpperCase()}`} credit application's applicants`,
        description:
          'Destroys the key that sealed the names, contact details, addresses, employers, SSNs, dates of birth and ' +
          'bank details of the applicant, the co-applicant, the owners, residences and references: they read ' +
          '"erased" everywhere from then on; the application, its status, amounts and equipment stay.',
        params: z.object({ id: z.uuid() }),
        body: erasePersonalDataSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const command = {
        type: 'EraseCreditApplicationPersonalData' as const,
        source,
        actor: callerOf(request),
        reason: request.body.reason ?? null,
      }
      // Missing, or not this source's: the same 404 as any command, before anything is destroyed.
      precheck(await loadApplication(store, id), command)
      await store.personalData?.erase(id)
      if (store.name === 'postgres' || store.name === 'pglite') {
        await redactClearPersonalData(db, id, [creditApplicationStreamId(id)])
      }
      const result = await runApplicationCommand(store, id, command, envelopeOf(request))
      return withPosition(reply, result.position, { id })
    },
  )
}
