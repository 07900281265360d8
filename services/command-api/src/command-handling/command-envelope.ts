import { badRequest } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { newCommandId } from './ids'

/** Who sends a command and under which id: becomes the events' metadata. */
export interface CommandEnvelope {
  commandId: string
  userId: string | null
  divisionId: number | null
  correlationId: string
  causationId: string | null
  signedInBy?: string | null
  clientAddress?: string | null
  /** The HTTP request's id (the logs' reqId), carried into the events' metadata. */
  requestId?: string
}

const KEY = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Reads the idempotency key of a request. Keys are scoped by user, so two users who happen to pick the same
 * key never see each other's results.
 */
export function envelopeOf(request: FastifyRequest): CommandEnvelope {
  const key = headerValue(request, 'idempotency-key')
  if (key !== undefined && !KEY.test(key)) {
    throw badRequest('Invalid Idempotency-Key', { 'idempotency-key': 'Use 1-128 letters, digits, . _ : or -' })
  }
  const commandId = key ? `${request.user.userId}:${key}` : newCommandId()
  const correlation = headerValue(request, 'x-correlation-id')
  return {
    commandId,
    userId: request.user.userId,
    divisionId: request.user.divisionId,
    correlationId: correlation && KEY.test(correlation) ? correlation : commandId,
    causationId: null,
    ...(request.user.signedInBy && { signedInBy: request.user.signedInBy }),
    clientAddress: request.ip,
    requestId: request.id,
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}
