import { messages, type CombineSources, type ContactEvent, type ContactProfile } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { CombineContactsCommand, MergeIntoCommand } from './commands'
import { assertLive } from './rules'
import type { ContactState } from '@crm/contracts'

const infoTypes = ['companyInfo', 'contactInfo', 'additionalInfo', 'address', 'redFlag'] as const

/** Which profile fields each of the wizard's information types carries. */
const fieldsOf: Record<'companyInfo' | 'contactInfo' | 'address', (keyof ContactProfile)[]> = {
  companyInfo: [
    'name',
    'dba',
    'ownerName',
    'mcNumber',
    'dotNumber',
    'contactCategory',
    'organizationTypeId',
    'nationalityId',
    'companyTypeId',
    'numberOfTrucks',
    'dateEstablished',
    'isRfp',
    'isMfp',
    'isCreditApp',
    'isOnlineForm',
    'rfpDate',
    'mfpDate',
    'creditAppDate',
    'onlineFormDate',
    'currentBalance',
    'daysLate',
    'lastCollectionActivity',
  ],
  contactInfo: ['email', 'businessPhone', 'mobilePhone', 'homePhone', 'saferPhone', 'saferMobilePhone'],
  address: ['address'],
}

/**
 * Combine (docs/product.md 4-5), decided on the surviving contact with the absorbed contacts' states: every kind of
 * information and every division's status taken from one of the contacts. The survivor records what came
 * from where; the absorbed contacts are retired by MergeContactInto on their own streams.
 */
export function combineContacts(state: ContactState, command: CombineContactsCommand): ContactEvent[] {
  assertLive(state)
  const survivorId = state.contactId!
  const all = new Map<string, ContactState>([[survivorId, state]])
  for (const a of command.absorbed) {
    assertLive(a.state)
    all.set(a.contactId, a.state)
  }
  if (all.size < 2) throw new DomainError(messages.combineSelectTwo)
  const sources = command.sources
  if (infoTypes.some((t) => !sources[t] || !all.has(sources[t]))) throw new DomainError(messages.combineSelectAllInfo)
  const chosen = sources as CombineSources
  const from = (t: keyof CombineSources) => all.get(chosen[t])!

  const profile = { ...state.profile! }
  for (const type of ['companyInfo', 'contactInfo', 'address'] as const) {
    const source = from(type).profile!
    for (const field of fieldsOf[type]) (profile as Record<string, unknown>)[field] = source[field] ?? null
  }

  // Every division any of the contacts is in needs its status chosen, once, from a contact that is there.
  const divisionsInUse = new Set([...all.values()].flatMap((s) => Object.keys(s.divisions).map(Number)))
  const picked = new Map(command.statuses.map((s) => [s.divisionId, s.contactId]))
  if (picked.size !== command.statuses.length) throw new DomainError(messages.combineSelectAllStatuses)
  if ([...divisionsInUse].some((d) => !picked.has(d))) throw new DomainError(messages.combineSelectAllStatuses)
  const divisionStatuses = []
  for (const [divisionId, contactId] of picked) {
    const membership = all.get(contactId)?.divisions[divisionId]
    if (!membership) {
      if (all.has(contactId) && !divisionsInUse.has(divisionId)) continue
      throw new DomainError(messages.combineSelectAllStatuses)
    }
    divisionStatuses.push({
      divisionId,
      sourceContactId: contactId,
      fromStatusId: state.divisions[divisionId]?.statusId ?? null,
      toStatusId: membership.statusId,
      assigned: membership.assigned,
      grade: membership.grade,
      effortLevel: membership.effortLevel,
    })
  }
  divisionStatuses.sort((a, b) => a.divisionId - b.divisionId)

  const additionalContacts = Object.entries(from('additionalInfo').additionalContacts).map(([id, data]) => ({
    ...data,
    additionalContactId: id,
    sourceContactId: chosen.additionalInfo,
  }))
  const redFlags = Object.entries(from('redFlag').redFlags)
    .filter(([, f]) => f.open)
    .map(([id, f]) => ({ redFlagId: id, sourceContactId: chosen.redFlag, divisionId: f.divisionId, note: f.note }))

  return [
    {
      type: 'ContactsCombined',
      data: {
        contactId: survivorId,
        absorbedContactIds: command.absorbed.map((a) => a.contactId),
        sources: chosen,
        profile,
        divisionStatuses,
        additionalContacts,
        redFlags,
      },
    },
  ]
}

/** Retires an absorbed contact; it redirects to the survivor from now on. Repeating it changes nothing. */
export function mergeInto(state: ContactState, command: MergeIntoCommand): ContactEvent[] {
  if (state.mergedInto === command.survivorId) return []
  assertLive(state)
  return [{ type: 'ContactMergedInto', data: { contactId: state.contactId!, survivorId: command.survivorId } }]
}
