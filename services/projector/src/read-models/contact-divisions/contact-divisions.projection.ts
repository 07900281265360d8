import { statusTransitionEventTypes } from '@crm/contracts'
import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection } from '../../runtime/projection'
import { migrateContactDivisions } from './contact-divisions.schema'
import { onContactCreated } from './on-contact-created'
import {
  onContactAssigned,
  onContactsCombined,
  onContactUnassigned,
  onDivisionRecordEdited,
  onEffortLevelSet,
  onStatusTransition,
} from './on-lifecycle-events'

/** Per-division status of each contact. Every membership event has a handler. */
export const contactDivisionsProjection = defineProjection({
  name: 'contact_divisions',
  version: 1,
  tables: ['contact_divisions'],
  migrate: migrateContactDivisions,
  applyBatch: applyByType<'contact_divisions'>({
    ContactCreated: onContactCreated,
    ...Object.fromEntries(statusTransitionEventTypes.map((type) => [type, onStatusTransition])),
    ContactAssigned: onContactAssigned,
    ContactUnassigned: onContactUnassigned,
    ContactEffortLevelSet: onEffortLevelSet,
    ContactDivisionRecordEdited: onDivisionRecordEdited,
    ContactsCombined: onContactsCombined,
  }),
})
