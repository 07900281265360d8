import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection } from '../../runtime/projection'
import { migrateContactsList } from './contacts-list.schema'
import { onContactCreated } from './on-contact-created'

/** The contacts list row (SPEC.md section 2, contacts table). Later contact events add handlers here. */
export const contactsListProjection = defineProjection({
  name: 'contacts_list',
  version: 1,
  tables: ['contacts_list'],
  migrate: migrateContactsList,
  applyBatch: applyByType<'contacts_list'>({
    ContactCreated: onContactCreated,
  }),
})
