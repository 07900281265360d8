import { hasPermission, worksAcrossDivisions, type Caller } from '../auth/visibility'
import type { TemplateScope } from './templates'

/** What the visibility rules need to know of a template. */
export interface TemplateStanding {
  scope: TemplateScope
  ownerId: string
  divisionId: number | null
}

/**
 * A personal template is its author's alone; a division template is seen by everyone of the division and by
 * those who work across divisions. A template one may not see is answered as a missing one.
 */
export function canSeeTemplate(caller: Caller, template: TemplateStanding): boolean {
  if (template.scope === 'personal') return template.ownerId === caller.userId
  return worksAcrossDivisions(caller) || template.divisionId === caller.divisionId
}

/** Its author edits a template; a division's template also its managers and those who work across divisions. */
export function mayEditTemplate(caller: Caller, template: TemplateStanding): boolean {
  if (!canSeeTemplate(caller, template)) return false
  if (template.ownerId === caller.userId) return true
  return template.scope === 'division' && (worksAcrossDivisions(caller) || hasPermission(caller, 'manager'))
}
