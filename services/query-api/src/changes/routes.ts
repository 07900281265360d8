import { READ_MODELS_CHANNEL, ticketQuery, type Database, type HttpApp } from '@crm/platform'

export const HEARTBEAT_MS = 15_000

/** The projector notifies `{"projection","position"}`; anything else is passed on as an unknown change. */
function changeOf(payload: string): string {
  try {
    const { projection, position } = JSON.parse(payload) as { projection?: unknown; position?: unknown }
    if (typeof projection === 'string')
      return JSON.stringify({ projection, position: typeof position === 'string' ? position : null })
  } catch {
    // fall through
  }
  return JSON.stringify({ projection: null, position: null })
}

/**
 * GET /changes: server-sent events telling open screens that read models moved (docs/architecture.md, "Query
 * side"). Carries no data rows, so it needs no per-row permission check: clients refetch through the
 * normal, filtered queries. EventSource cannot send headers: it sends an access ticket (`?ticket=`, from
 * POST /auth/access-ticket) instead, never the bearer token.
 */
export function changeRoutes(
  api: HttpApp,
  { database, heartbeatMs = HEARTBEAT_MS }: { database: Database; heartbeatMs?: number },
): void {
  const open = new Set<() => void>()
  // Long-lived responses would otherwise hold server.close() until they end on their own.
  api.addHook('preClose', async () => {
    for (const close of [...open]) close()
  })

  api.get(
    '/changes',
    {
      config: {
        ticketInQuery: true,
        openapi: { eventStream: { description: 'Events `data: {"projection","position"}`, comments as heartbeats' } },
      },
      schema: {
        tags: ['changes'],
        summary: 'Server-sent events: {"projection","position"} whenever a read model moves',
        querystring: ticketQuery,
      },
    },
    async (request, reply) => {
      const raw = reply.raw
      let started = false
      const pending: string[] = []
      const write = (chunk: string) => (started ? raw.write(chunk) : pending.push(chunk))
      // Subscribe before answering: if LISTEN fails the client gets a proper error, not a dead stream.
      const unlisten = await database.listen(READ_MODELS_CHANNEL, (payload) => write(`data: ${changeOf(payload)}\n\n`))

      reply.hijack()
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must not buffer the stream.
        'x-accel-buffering': 'no',
      })
      raw.write('retry: 5000\n: connected\n\n')
      for (const chunk of pending.splice(0)) raw.write(chunk)
      started = true
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)

      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        clearInterval(heartbeat)
        open.delete(close)
        void unlisten().catch((error) => request.log.warn({ err: error }, 'unlisten failed'))
        if (!raw.writableEnded) raw.end()
      }
      open.add(close)
      request.raw.on('close', close)
      raw.on('error', close)
    },
  )
}
