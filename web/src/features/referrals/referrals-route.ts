import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import type { ReferralFilters } from './referrals-api'

const num = (v: unknown) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v))
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined)
const oneOf = <T extends string>(v: unknown, values: readonly T[]) => (values.includes(v as T) ? (v as T) : undefined)

/** /referrals: referrals sent and received; filters and paging live in the URL. */
export const referralsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'referrals',
  validateSearch: (search: Record<string, unknown>): ReferralFilters => ({
    type: oneOf(search.type, ['all', 'sent', 'received'] as const),
    divisionId: num(search.divisionId),
    status: oneOf(String(search.status), ['1', '2'] as const) ? Number(search.status) : undefined,
    paymentStatus: oneOf(search.paymentStatus, ['Paid', 'Unpaid'] as const),
    from: day(search.from),
    to: day(search.to),
    first: num(search.first),
    limit: oneOf(String(search.limit), ['5', '10', '50', '100'] as const) ? Number(search.limit) : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ divisionsForSelectQueryOptions }, { referralsQuery }] = await Promise.all([
      import('../../lib/divisions-api'),
      import('./referrals-api'),
    ])
    return Promise.all([
      queryClient.ensureQueryData(referralsQuery(deps)),
      queryClient.ensureQueryData(divisionsForSelectQueryOptions()),
    ])
  },
  component: lazyRouteComponent(() => import('./referrals-page'), 'ReferralsPage'),
})
