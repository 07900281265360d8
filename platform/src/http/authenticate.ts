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
  return async function authenticate(request: FastifyRequest): Promise<void> {
    if (request.routeOptions.config?.public) return
    // Unknown paths fall through to the 404 handler without revealing whether a token was needed.
    if (!request.routeOptions.url) return
    const token = tokenOf(request)
    if (!token) throw unauthorized('Missing bearer token')
    let claims: JwtClaims
    try {
      claims = app.jwt.verify<JwtClaims>(token)
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
}

/** preHandler: 403 unless the caller holds the permission. */
export function requirePermission(key: PermissionKey) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    if (!request.user || !hasPermission(request.user, key)) throw forbidden()
  }
}
