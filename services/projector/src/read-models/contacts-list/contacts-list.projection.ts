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
} from './on-profile-events'

/**
 * The contacts list row (docs/product.md section 2, contacts table). Every contact event that changes a column has a
 * handler here. v2 adds the phone and email indexes of the duplicate checks (same rows, rebuilt on start).
 */
export const contactsListProjection = defineProjection({
  name: 'contacts_list',
  version: 2,
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
  }),
})
