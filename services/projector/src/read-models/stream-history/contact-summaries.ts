import {
  divisionMention,
  activityTypeNames,
  contactStatusNames,
  type ActivityLogged,
  type ActivityTypeId,
  type ContactsCombined,
  type ContactStatusId,
  type ContactMergedInto,
  type ContactUpdated,
  type LesseeSet,
  type RedFlagRaised,
  type StatusTransition,
} from '@crm/contracts'
import { profileEditSummary } from './profile-edit-summary'

const status = (id: number | null) =>
  id === null ? 'none' : (contactStatusNames[id as ContactStatusId] ?? `status ${id}`)
const move = (verb: string) => (d: StatusTransition) =>
  `${verb} ${status(d.fromStatusId)} → ${status(d.toStatusId)} in ${divisionMention(d.divisionId)}`

/** History lines of the contact lifecycle's events (issue 4). */
export const contactSummarizers = {
  ContactConverted: move('Converted'),
  ContactStatusChanged: move('Changed status'),
  ContactMarkedDead: move('Marked dead:'),
  ContactMarkedNotQualified: move('Marked not qualified:'),
  ContactGivenUp: move('Gave up:'),
  ContactContractLost: move('Contract lost:'),
  ContactUpdated: (d: ContactUpdated['data']) => profileEditSummary(d.changes),
  ActivityLogged: (d: ActivityLogged['data']) =>
    `Logged ${(activityTypeNames[d.activityType as ActivityTypeId] ?? 'activity').toLowerCase()}: ${d.subject}`,
  RedFlagRaised: (d: RedFlagRaised['data']) => `Raised a red flag: ${d.note}`,
  LesseeSet: (d: LesseeSet['data']) =>
    `Set lessee MC ${d.lessee.mcNumber}${d.lessee.lesseeName ? ` (${d.lessee.lesseeName})` : ''}`,
  ContactsCombined: (d: ContactsCombined['data']) => `Combined ${d.absorbedContactIds.length} contact(s) into this one`,
  ContactMergedInto: (_d: ContactMergedInto['data']) => 'Combined into another contact',
}
