import { POSITION_HEADER } from '@crm/contracts'
import type { FastifyReply } from 'fastify'

/** Every command answer carries its last event's position twice: header for proxies, body for clients. */
export function withPosition<T extends object>(
  reply: FastifyReply,
  position: string | null,
  body: T,
): T & { position: string } {
  const value = position ?? ''
  if (value) reply.header(POSITION_HEADER, value)
  return { ...body, position: value }
}
