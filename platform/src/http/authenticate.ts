import type { PermissionKey } from '@crm/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { hasPermission, toRequestUser, type JwtClaims } from '../auth/request-user'
import { isSessionRevoked } from '../auth/sessions'
import { forbidden, unauthorized } from './problems'
import './route-config'

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (match) return match[1]
  }
  if (request.routeOptions.config?.tokenInQuery) {
    const query = request.query as { access_token?: unknown } | undefined
    if (typeof query?.access_token === 'string' && query.access_token) return query.access_token
  }
  return undefined
}

/**
 * The onRequest hook of every API scope: a valid, unexpired bearer token of a live session, unless the route
 * is marked public. Sets `request.user`.
 */
export function createAuthenticate(app: FastifyInstance, db: Kysely<unknown>) {
  const verifyToken = verifiedTokens(app)
  const identify = async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request)
    if (!token) throw unauthorized('Missing bearer token')
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
    if (await isSessionRevoked(db, claims.sid)) throw unauthorized('Session ended')
    request.user = toRequestUser(claims)
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
