import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import type { ChangesFilters } from './changes-audit-api'
import type { AuditFilters } from './status-audit-api'

const num = (v: unknown) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v))
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

/** /status-changes: the managers' audit screen; filters live in the URL. */
export const statusAuditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'status-changes',
  validateSearch: (search: Record<string, unknown>): AuditFilters => ({
    userId: text(search.userId),
    divisionId: num(search.divisionId),
    fromStatusId: num(search.fromStatusId),
    toStatusId: num(search.toStatusId),
    dateFrom: text(search.dateFrom),
    dateTo: text(search.dateTo),
    first: num(search.first),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ divisionsForSelectQueryOptions }, { auditUsersQuery, statusAuditQuery }] = await Promise.all([
      import('../../lib/divisions-api'),
      import('./status-audit-api'),
    ])
    return Promise.all([
      queryClient.ensureQueryData(statusAuditQuery(deps)),
      queryClient.ensureQueryData(auditUsersQuery()),
      queryClient.ensureQueryData(divisionsForSelectQueryOptions()),
    ])
  },
  component: lazyRouteComponent(() => import('./status-audit-page'), 'StatusAuditPage'),
})

/** /changes: every change of every record (the audit); a contact's story with ?contactId=, a user's day with a day. */
export const changesAuditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'changes',
  validateSearch: (search: Record<string, unknown>): ChangesFilters => ({
    contactId: text(search.contactId),
    userId: text(search.userId),
    divisionId: num(search.divisionId),
    types: text(search.types),
    dateFrom: text(search.dateFrom),
    dateTo: text(search.dateTo),
    first: num(search.first),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ divisionsForSelectQueryOptions }, { changesAuditQuery }, { auditUsersQuery }] = await Promise.all([
      import('../../lib/divisions-api'),
      import('./changes-audit-api'),
      import('./status-audit-api'),
    ])
    return Promise.all([
      queryClient.ensureQueryData(changesAuditQuery(deps)),
      queryClient.ensureQueryData(auditUsersQuery()),
      queryClient.ensureQueryData(divisionsForSelectQueryOptions()),
    ])
  },
  component: lazyRouteComponent(() => import('./changes-audit-page'), 'ChangesAuditPage'),
})
