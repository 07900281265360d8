import {
  eventExportQuerySchema,
  eventFilterSchema,
  MIN_POSITION_HEADER,
  NDJSON_MEDIA_TYPE,
  STALE_HEADER,
} from '@crm/contracts'
import { requirePermission, ticketQuery, type HttpApp, type Position } from '@crm/platform'
import { matchingEvents, type EventSource } from './matching-events'

export const POLL_MS = 1_000
export const HEARTBEAT_MS = 15_000
const HEAD_POLL_MS = 25

/**
 * Read-your-writes for the export: the store hands out an event only once every transaction before it has ended
 * (its order is then final), so an event appended a moment ago may not be readable yet. With X-Min-Position the
 * export waits, bounded, until the store's readable head has passed it; on timeout it answers what there is and
 * says so, as the read models do.
 */
async function storeHasReached(store: EventSource, position: Position, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await store.headPosition()) >= position) return true
    if (Date.now() >= deadline) return false
    await new Promise((resolve) => setTimeout(resolve, HEAD_POLL_MS))
  }
}

/**
 * Events for analysts (permission `analyst`): GET /events/export streams the matching events as NDJSON, one
 * stored event a line; GET /events/subscribe follows the live store as server-sent events from a position, with
 * the same filters (EventSource sends an access ticket, as for /changes; `Last-Event-ID` resumes).
 */
export function eventExportRoutes(
  api: HttpApp,
  {
    store,
    pollMs = POLL_MS,
    minPositionWaitMs = 5_000,
  }: { store: EventSource; pollMs?: number; minPositionWaitMs?: number },
): void {
  const open = new Set<() => void>()
  api.addHook('preClose', async () => {
    for (const close of [...open]) close()
  })

  api.get(
    '/events/export',
    {
      preHandler: requirePermission('analyst'),
      config: {
        openapi: {
          file: { mediaTypes: [NDJSON_MEDIA_TYPE], description: 'One stored event a line, in the store’s order' },
        },
      },
      schema: {
        tags: ['events'],
        summary: 'The events of the store as NDJSON, filtered by type, stream prefix, time and position; resumable',
        querystring: eventExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { limit, ...filter } = request.query
      // The shared read-your-writes hook has already refused a malformed position.
      const minPosition = request.headers[MIN_POSITION_HEADER]
      const stale =
        typeof minPosition === 'string' && minPosition !== ''
          ? !(await storeHasReached(store, minPosition, minPositionWaitMs))
          : false
      const events = matchingEvents(store, filter, limit)
      // The first batch is read before answering: a failing store answers a proper error, not a cut stream.
      const first = await events.next()
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        'content-type': `${NDJSON_MEDIA_TYPE}; charset=utf-8`,
        'content-disposition': 'attachment; filename="events.ndjson"',
        'cache-control': 'no-store',
        ...(stale ? { [STALE_HEADER]: 'true' } : {}),
      })
      let gone = false
      request.raw.on('close', () => (gone = true))
      try {
        if (!first.done) raw.write(JSON.stringify(first.value) + '\n')
        for await (const event of events) {
          if (gone) break
          if (!raw.write(JSON.stringify(event) + '\n')) await new Promise((resolve) => raw.once('drain', resolve))
        }
      } catch (error) {
        request.log.error({ err: error }, 'event export failed mid-stream')
      } finally {
        if (!raw.writableEnded) raw.end()
      }
    },
  )

  api.get(
    '/events/subscribe',
    {
      preHandler: requirePermission('analyst'),
      config: {
        ticketInQuery: true,
        openapi: {
          eventStream: { description: 'Events `id: <position>`, `data: <stored event>`; comments as heartbeats' },
        },
      },
      schema: {
        tags: ['events'],
        summary: 'Server-sent events: the matching events from a position on, then live as they are stored',
        querystring: eventFilterSchema.extend(ticketQuery.shape),
      },
    },
    async (request, reply) => {
      const { ticket: _, ...filter } = request.query
      const lastEventId = request.headers['last-event-id']
      let after = typeof lastEventId === 'string' && /^\d{20}-\d{20}$/.test(lastEventId) ? lastEventId : filter.after
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      raw.write('retry: 5000\n: connected\n\n')
      let closed = false
      let timer: NodeJS.Timeout | undefined
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS)
      const close = () => {
        if (closed) return
        closed = true
        clearInterval(heartbeat)
        clearTimeout(timer)
        open.delete(close)
        if (!raw.writableEnded) raw.end()
      }
      open.add(close)
      request.raw.on('close', close)
      raw.on('error', close)
      const pump = async () => {
        try {
          for await (const event of matchingEvents(store, { ...filter, after })) {
            if (closed) return
            raw.write(`id: ${event.position}\ndata: ${JSON.stringify(event)}\n\n`)
            after = event.position
          }
        } catch (error) {
          request.log.warn({ err: error }, 'event subscription read failed; retrying')
        }
        if (filter.until && after && after >= filter.until) return close()
        if (!closed) timer = setTimeout(() => void pump(), pollMs)
      }
      void pump()
    },
  )
}
