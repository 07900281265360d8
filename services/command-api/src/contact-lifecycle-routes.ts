import { createLocalFileStorage, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import path from 'node:path'
import { activityRoutes } from './activities/routes'
import { businessCardRoutes } from './contacts/business-card-routes'
import { combineRoutes } from './contacts/combine-routes'
import { contactDetailsRoutes } from './contacts/details-routes'
import { divisionRecordRoutes } from './contacts/division-record-routes'
import { eraseRoutes } from './contacts/erase-routes'
import { lesseeRoutes } from './contacts/lessee-routes'
import { contactMembershipRoutes } from './contacts/membership-routes'
import { contactStatusRoutes } from './contacts/status-routes'

/** Every command of a contact's life after its creation (issue 4), mounted by app.ts in one line. */
export function contactLifecycleRoutes(
  api: HttpApp,
  deps: { store: EventStore; db: Kysely<unknown>; dataDir: string },
): void {
  const { store, db } = deps
  const files = createLocalFileStorage(path.join(deps.dataDir, 'files'))
  contactMembershipRoutes(api, { store })
  contactStatusRoutes(api, { store, db })
  divisionRecordRoutes(api, { store })
  contactDetailsRoutes(api, { store })
  lesseeRoutes(api, { store, db })
  combineRoutes(api, { store })
  activityRoutes(api, { store, files })
  businessCardRoutes(api, { store, files })
  eraseRoutes(api, { store, db })
}
