import { statusTransitionEventTypes } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { defineProjection, type Executor, type MigrateOptions } from '../../runtime/projection'
import { applyInWaves } from './apply-in-waves'
import { contactSearchIndexes, migrateContactSearch } from './contact-search.schema'
import { migrateNameWords, type ContactSearchWordTables } from './name-words.schema'
import { foldImportedLeads, onContactCreated } from './on-contact-created'
import { onLeadImported } from './on-lead-imported'
import {
  onActivity,
  onAssigned,
  onCombined,
  onDivisionRecordEdited,
  onEffortLevelSet,
  onOutOfBusiness,
  onPersonalDataErased,
  onRedFlag,
  onRemoved,
  onStatusTransition,
  onUnassigned,
  onUpdated,
} from './on-lifecycle'

const applyEvents = applyInWaves<'contact_search'>({
  ContactCreated: onContactCreated,
  LeadImported: onLeadImported,
  ContactUpdated: onUpdated,
  ContactDeleted: onRemoved,
  ContactMergedInto: onRemoved,
  ...Object.fromEntries(statusTransitionEventTypes.map((type) => [type, onStatusTransition])),
  ContactAssigned: onAssigned,
  ContactUnassigned: onUnassigned,
  ContactEffortLevelSet: onEffortLevelSet,
  ContactDivisionRecordEdited: onDivisionRecordEdited,
  RedFlagRaised: onRedFlag,
  RedFlagResolved: onRedFlag,
  ContactOutOfBusinessMarked: onOutOfBusiness,
  ActivityLogged: onActivity,
  ContactsCombined: onCombined,
  PersonalDataErased: onPersonalDataErased,
})

/**
 * The contact lists and Advanced Search (docs/product.md section 2): one row per contact and division with every
 * filterable and sortable field. Each contact event type the lists care about has its handler here.
 * v4: the logistics toggles and their dates, with an index per toggle list; dealers' category in the name indexes.
 * v5: the top bar's name-prefix indexes (C-collated names).
 * v6: the trigram indexes lead with the division and the owner; the distance index holds the division and status.
 * v7: the name-prefix indexes include the name, so a prefix is checked in an index-only scan.
 * v8: the distance index leads with the division; executives' distance searches have their own.
 * v9: the lowered name is stored (`name_key`) and every name index is built on it (decision 041).
 * v10: the lowered MC number is stored (`mc_key`); the lists' name indexes include the DOT and MC numbers the
 *   search box matches, and no longer the name (decision 042).
 * v11: statistics on the lowered DBA and e-mail and the phone's digits, for the estimate that tells a rare text
 *   (decision 043).
 * v12: the words of the names in name order, and each division's vocabulary, kept by triggers (decision 044).
 * v13: a conversion's preferred language (nationalityId, with the Ex-Yu flag) and contact category reach every row
 *   of the contact; before, the lists showed the language the contact was created with.
 * An import's ContactCreated and LeadImported of one contact in one batch are one insert (foldImportedLeads).
 */
export const contactSearchProjection = defineProjection({
  name: 'contact_search',
  version: 13,
  tables: ['contact_search', 'contact_search_words', 'contact_search_vocabulary'],
  migrate: async (trx: Executor, tables: ContactSearchWordTables, options?: MigrateOptions) => {
    await migrateContactSearch(trx, tables, options)
    await migrateNameWords(trx, tables)
  },
  deferredIndexes: contactSearchIndexes,
  applyBatch: Object.assign(
    (trx: Executor, events: readonly StoredEvent[], tables: ContactSearchWordTables) =>
      applyEvents(trx, foldImportedLeads(events), tables),
    { eventTypes: applyEvents.eventTypes },
  ),
})
