import { MIN_POSITION_HEADER, STALE_HEADER } from '@crm/contracts'
import { badRequest, isPosition, waitForPosition, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'

export { STALE_HEADER }

/**
 * Read-your-writes (docs/architecture.md): a client sends the position of its last command; routes wait, bounded,
 * until the projections they read (route config `projections`) have passed it. On timeout they answer with
 * what there is and say so in a header, rather than failing the page.
 */
export function installMinPositionWait(api: HttpApp, db: Kysely<unknown>, timeoutMs: number): void {
  api.addHook('preHandler', async (request, reply) => {
    const raw = request.headers[MIN_POSITION_HEADER]
    const value = Array.isArray(raw) ? raw[0] : raw
    if (value === undefined || value === '') return
    if (!isPosition(value)) throw badRequest('Invalid X-Min-Position', { [MIN_POSITION_HEADER]: 'Not a position' })
    const projections = request.routeOptions.config?.projections
    if (!projections || projections.length === 0) return
    const reached = await waitForPosition(db, projections, value, timeoutMs)
    if (!reached) {
      request.log.warn({ projections, position: value }, 'read models behind X-Min-Position; answering stale')
      reply.header(STALE_HEADER, 'true')
    }
  })
}
