import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { getSession } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

// The server refuses non-administrators anyway; the UI does not offer the screens to them.
const adminOnly = () => {
  if (!getSession()?.user.permissions.includes('admin')) throw redirect({ to: '/' })
}

export const adminUsersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/users',
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./users-page'), 'UsersPage'),
})

export const adminDivisionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/divisions',
  beforeLoad: adminOnly,
  loader: async ({ context }) => {
    const { divisionsQueryOptions } = await import('./admin-api')
    return context.queryClient.ensureQueryData(divisionsQueryOptions())
  },
  component: lazyRouteComponent(() => import('./divisions-page'), 'DivisionsPage'),
})

export const adminSystemConfigRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/system-config',
  beforeLoad: adminOnly,
  loader: async ({ context }) => {
    const { divisionsForSelectQueryOptions } = await import('../../lib/divisions-api')
    return context.queryClient.ensureQueryData(divisionsForSelectQueryOptions())
  },
  component: lazyRouteComponent(() => import('./system-config-page'), 'SystemConfigPage'),
})

export const adminMailOutboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/mail-outbox',
  beforeLoad: adminOnly,
  // The first page; the screen pages on from there (its page lives in the screen, not the address).
  loader: async ({ context }) => {
    const { outboxQueryOptions } = await import('./admin-api')
    return context.queryClient.ensureQueryData(outboxQueryOptions(0))
  },
  component: lazyRouteComponent(() => import('./mail-outbox-page'), 'MailOutboxPage'),
})

export const adminReadModelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/read-models',
  beforeLoad: adminOnly,
  loader: async ({ context }) => {
    const { readModelsQueryOptions } = await import('./admin-api')
    return context.queryClient.ensureQueryData(readModelsQueryOptions())
  },
  component: lazyRouteComponent(() => import('./read-models-page'), 'ReadModelsPage'),
})

// My team: managers (and administrators, who manage anyone) see the users reporting to them.
const managersOnly = () => {
  const permissions = getSession()?.user.permissions ?? []
  if (!permissions.includes('manager') && !permissions.includes('admin')) throw redirect({ to: '/' })
}

export const myTeamRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'my-team',
  beforeLoad: managersOnly,
  component: lazyRouteComponent(() => import('./team-page'), 'TeamPage'),
})
