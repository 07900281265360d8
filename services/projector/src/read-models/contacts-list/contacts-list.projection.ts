import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection } from '../../runtime/projection'
import { migrateContactsList } from './contacts-list.schema'
import { onContactCreated } from './on-contact-created'
import {
  onActivityLogged,
  onBusinessCardRemoved,
  onBusinessCardUploaded,
  onOutOfBusinessMarked,
  onRedFlagRaised,
  onRedFlagResolved,
} from './on-detail-events'
import {
  onContactConverted,
  onContactDeleted,
  onContactMergedInto,
  onContactsCombined,
  onContactUpdated,
  onPersonalDataErased,
} from './on-profile-events'

/**
 * The contact record, one row per contact. Every contact event that changes a column has a handler here. v2 adds
 * the phone and email indexes of the duplicate checks; v3 drops what only the old contacts list used: the state
 * index, and the id in the name index (paging order) (same rows, rebuilt on start).
 */
export const contactsListProjection = defineProjection({
  name: 'contacts_list',
  version: 3,
  tables: ['contacts_list'],
  migrate: migrateContactsList,
  applyBatch: applyByType<'contacts_list'>({
    ContactCreated: onContactCreated,
    ContactUpdated: onContactUpdated,
    ContactDeleted: onContactDeleted,
    ContactMergedInto: onContactMergedInto,
    ContactsCombined: onContactsCombined,
    ContactConverted: onContactConverted,
    RedFlagRaised: onRedFlagRaised,
    RedFlagResolved: onRedFlagResolved,
    ContactOutOfBusinessMarked: onOutOfBusinessMarked,
    ActivityLogged: onActivityLogged,
    BusinessCardUploaded: onBusinessCardUploaded,
    BusinessCardRemoved: onBusinessCardRemoved,
    PersonalDataErased: onPersonalDataErased,
  }),
})
