import { callLogEntryQuerySchema, callMessages } from '@crm/contracts'
import { DomainError, notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { RingCentralError } from '../ringcentral/rc-client'
import { configured, type Calling } from './routes'

/**
 * POST /click-to-call/log-recording {callLogId}: a recording of the caller's call log, fetched from RingCentral
 * with the caller's own session and passed through. The browser never sees a RingCentral link or token; an entry
 * of someone else's log answers 404 like a missing one.
 */
export function recordingRoutes(api: HttpApp, deps: { db: Kysely<unknown>; calling: Calling | null }): void {
  api.post(
    '/click-to-call/log-recording',
    {
      config: { openapi: { file: { mediaTypes: ['audio/*'], description: 'The recording, as RingCentral keeps it' } } },
      schema: {
        tags: ['click-to-call'],
        summary: "Play a recording of the caller's call log",
        body: callLogEntryQuerySchema,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const { rows } = await sql<{ recording_id: string | null }>`
        select recording_id from call_log where user_id = ${caller.userId}::uuid and id = ${request.body.callLogId}`.execute(
        deps.db,
      )
      if (!rows[0]) throw notFound(callMessages.callLogEntryNotFound)
      if (!rows[0].recording_id) throw notFound(callMessages.noRecording)
      const { client, sessions } = configured(deps.calling)
      const tokens = await sessions.tokensFor(caller.userId, envelopeOf(request))
      let audio
      try {
        audio = await client.recording(tokens, rows[0].recording_id)
      } catch (error) {
        if (error instanceof RingCentralError) throw new DomainError(callMessages.providerFailed(error.message))
        throw error
      }
      return reply
        .header('content-type', audio.type.startsWith('audio/') ? audio.type : 'audio/mpeg')
        .header('content-length', String(audio.body.length))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(audio.body)
    },
  )
}
