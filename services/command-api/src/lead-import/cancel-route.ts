import { POSITION_HEADER, cancelAcceptedSchema, leadImportMessages } from '@crm/contracts'
import { badRequest, notFound, WrongExpectedVersionError, type EventStore, type HttpApp } from '@crm/platform'
import { z } from 'zod'
import { hasEnded } from './state'
import { loadImport, recordImport } from './run-lead-import'

/**
 * POST /lead-imports/{id}/cancel: the uploader stops their import. The worker stops between chunks; every
 * committed chunk stays, and the import window says how many rows that was.
 */
export function cancelImportRoute(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/lead-imports/:id/cancel',
    {
      schema: {
        tags: ['lead import'],
        summary: 'Cancel a running lead import (the job id its upload answered); committed rows are kept',
        params: z.object({ id: z.string().max(200) }),
        response: { 202: cancelAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const prefix = `${request.user.userId}.`
      // Job ids start with the uploader's id: anyone else's import answers as a missing one.
      if (!id.startsWith(prefix)) throw notFound('Job not found')
      const uploadId = id.slice(prefix.length)
      for (let attempt = 0; ; attempt++) {
        const state = await loadImport(store, uploadId)
        if (!state.started || state.started.userId !== request.user.userId) throw notFound('Job not found')
        if (hasEnded(state)) throw badRequest(leadImportMessages.alreadyEnded)
        if (state.cancelRequested) return reply.code(202).send({ jobId: id, rowsDone: state.rowsDone })
        try {
          const { position } = await recordImport(
            store,
            state,
            { type: 'LeadImportCancelRequested', data: { uploadId } },
            request.user,
          )
          reply.header(POSITION_HEADER, position)
          return reply.code(202).send({ jobId: id, rowsDone: state.rowsDone })
        } catch (error) {
          // The worker committed a chunk meanwhile: read the stream again and ask once more.
          if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error
        }
      }
    },
  )
}
