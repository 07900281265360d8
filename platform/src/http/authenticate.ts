import type { PermissionKey } from '@crm/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { redeemAccessTicket } from '../auth/access-tickets'
import { hasPermission, toRequestUser, type JwtClaims, type RequestUser } from '../auth/request-user'
import { isSessionRevoked } from '../auth/sessions'
import { forbidden, unauthorized } from './problems'
import './route-config'

/** Made once: a regular expression literal in the function would be a new object on every request. */
const BEARER = /^Bearer\s+(\S+)$/i

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  return BEARER.exec(header)?.[1]
}

/** `?ticket=` on a route that takes one (route-config `ticketInQuery`); a bearer token is never read from a URL. */
function ticketOf(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config?.ticketInQuery) return undefined
  const query = request.query as { ticket?: unknown } | undefined
  return typeof query?.ticket === 'string' && query.ticket.length > 0 && query.ticket.length <= 200
    ? query.ticket
    : undefined
}

/**
 * The onRequest hook of every API scope: a valid, unexpired bearer token of a live session, unless the route
 * is marked public. Sets `request.user`.
 */
export function createAuthenticate(app: FastifyInstance, db: Kysely<unknown>) {
  const verifyToken = verifiedTokens(app)
  const callerOfTicket = async (request: FastifyRequest, ticket: string): Promise<RequestUser> => {
    const caller = await redeemAccessTicket(db, ticket, request.routeOptions.url ?? '')
    if (!caller) throw unauthorized('Invalid or used ticket')
    return caller
  }
  const callerOfToken = (token: string): RequestUser => {
    let claims: JwtClaims
    try {
      claims = verifyToken(token)
    } catch (error) {
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED'
      throw unauthorized(expired ? 'Token expired' : 'Invalid token')
    }
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.divisionId !== 'number') {
      throw unauthorized('Invalid token')
    }
    return toRequestUser(claims)
  }
  const identify = async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request)
    const ticket = token ? undefined : ticketOf(request)
    if (!token && !ticket) throw unauthorized('Missing bearer token')
    const caller = token ? callerOfToken(token) : await callerOfTicket(request, ticket!)
    if (await isSessionRevoked(db, caller.sessionId)) throw unauthorized('Session ended')
    request.user = caller
  }
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const config = request.routeOptions.config
    if (config?.public) {
      // A public route that tells callers apart: anyone gets an answer, a valid token gets more.
      if (config.identifiesCaller) await identify(request).catch(() => undefined)
      return
    }
    // Unknown paths fall through to the 404 handler without revealing whether a token was needed.
    if (!request.routeOptions.url) return
    await identify(request)
  }
}

const MAX_VERIFIED_TOKENS = 10_000

/**
 * `app.jwt.verify` with a memory of the tokens it accepted, by their exact text: a client sends the same token
 * on every request, and checking its HMAC and parsing its 1.5 kB of claims took 11 µs each time (a tenth of a
 * lean command's CPU). A remembered token is accepted again only until its `exp`; after that it goes through
 * verify, which says it expired. Per app, because two apps in one process (tests) may have different secrets.
 */
function verifiedTokens(app: FastifyInstance): (token: string) => JwtClaims {
  const accepted = new Map<string, JwtClaims>()
  return (token) => {
    const known = accepted.get(token)
    if (known && typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known
    const claims = app.jwt.verify<JwtClaims>(token)
    if (typeof claims.exp === 'number') {
      if (accepted.size >= MAX_VERIFIED_TOKENS) accepted.clear()
      accepted.set(token, claims)
    }
    return claims
  }
}

/** preHandler: 403 unless the caller holds the permission. */
export function requirePermission(key: PermissionKey) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    if (!request.user || !hasPermission(request.user, key)) throw forbidden()
  }
}

/** The query string part of a `ticketInQuery` route, for its schema (the document shows the parameter). */
export const ticketQuery = z.object({
  ticket: z
    .string()
    .max(200)
    .optional()
    .describe('An access ticket from POST /auth/access-ticket, instead of the bearer token'),
})
