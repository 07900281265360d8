import { hasPermission, worksAcrossDivisions } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Authority } from '../contacts/commands'

/**
 * Whose activities, shared notes and comments the caller may change besides their own: executives any,
 * managers those of their division, everyone else only their own (the decider applies it).
 */
export function authorityOf(request: FastifyRequest): Authority {
  if (worksAcrossDivisions(request.user)) return 'all'
  return hasPermission(request.user, 'manager') ? 'division' : 'own'
}

export const mayDirectMail = (request: FastifyRequest): boolean => hasPermission(request.user, 'direct-mail')
