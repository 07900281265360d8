import type { ReadModelName } from '@crm/contracts'
import type { JwtClaims, RequestUser } from '../auth/request-user'
import type { OpenApiAnswer } from './openapi/answers'

/** Per-route settings the shared hooks read (`config` of a route). */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** No bearer token needed (login, health, email clicks...). */
    public?: boolean
    /** On a public route: a valid token, if one is sent, still sets `request.user` (more detail for some). */
    identifiesCaller?: boolean
    /**
     * Instead of the bearer token, the caller may send `?ticket=` (an access ticket, single use, for this route):
     * EventSource and download links cannot send headers, and a token in a URL ends up in logs.
     */
    ticketInQuery?: boolean
    /** What the OpenAPI document says of answers the zod response schemas cannot (files, streams, extra errors). */
    openapi?: OpenApiAnswer
    /** Read models the route reads: X-Min-Position waits for these projections (contracts' readModelNames). */
    projections?: readonly ReadModelName[]
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtClaims
    user: RequestUser
  }
}

export {}
