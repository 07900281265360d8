import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection } from '../../runtime/projection'
import { migrateContactDivisions } from './contact-divisions.schema'
import { onContactCreated } from './on-contact-created'

/** Per-division status of each contact. ContactStatusChanged, ContactAssigned, ... slot in as handlers. */
export const contactDivisionsProjection = defineProjection({
  name: 'contact_divisions',
  version: 1,
  tables: ['contact_divisions'],
  migrate: migrateContactDivisions,
  applyBatch: applyByType<'contact_divisions'>({
    ContactCreated: onContactCreated,
  }),
})
