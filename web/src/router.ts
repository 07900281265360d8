import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { loginRoute } from './features/auth/login-route'
import { contactRoute } from './features/contacts/contacts-routes'
import { logisticsCustomerRoute, logisticsListRoutes } from './features/logistics/logistics-routes'
import { appRoute, unknownRoute } from './routes/app-route'
import { indexRoute } from './features/dashboard/dashboard-route'
import { rootRoute } from './routes/root-route'
import { RouteError } from './components/route-error'
import { RoutePending } from './components/route-pending'
import { changePasswordRoute, forgotPasswordRoute, resetPasswordRoute } from './features/auth/password-routes'
import { signInAsRoute, signInFromTruckSalesRoute } from './features/auth/sign-in-as-route'
import { profileRoute } from './features/profile/profile-route'
import { loginToRcRoute } from './features/calls/calls-route'
import {
  adminDivisionsRoute,
  adminMailOutboxRoute,
  adminReadModelsRoute,
  adminSystemConfigRoute,
  adminUsersRoute,
  myTeamRoute,
} from './features/admin/admin-routes'
import { contactListRoutes, contactsRoute } from './features/contact-lists/contact-lists-routes'
import { changesAuditRoute, statusAuditRoute } from './features/status-audit/status-audit-route'
import { calendarRoute } from './features/calendar/calendar-route'
import { referralsRoute } from './features/referrals/referrals-route'
import {
  accountInsightsRoute,
  leadToAccountRoute,
  activitySummariesRoute,
  reportsRoute,
  taskReportRoute,
  usMapRoute,
} from './features/reports/reports-route'
import { opportunityDashboardRoute } from './features/opportunities/opportunity-dashboard-route'
import { addDealerRoute, dealerRoute, dealersRoute } from './features/dealers/dealers-routes'
import { expensesRoute } from './features/expenses/expenses-route'
import {
  creditApplicationRoutes,
  publicApplicationRoute,
} from './features/credit-applications/credit-applications-routes'
import { fileViewerRoute } from './features/file-viewer/file-viewer-route'
import { emailHistoryRoute, emailMarketingRoute, emailTemplatesRoute } from './features/email/email-routes'
import {
  clickLinkRoute,
  linkNotValidRoute,
  reportAbuseRoute,
  unsubscribeRoute,
} from './features/email/recipient-routes'

// Each route file keeps what matching and loading need (search validation, beforeLoad, loader) and loads its
// screen's components on first visit (lazyRouteComponent), so /login downloads no other screen. A screen's
// windows (defineModal) register when its module loads: each page imports the windows it opens.
const routeTree = rootRoute.addChildren([
  loginRoute,
  changePasswordRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  publicApplicationRoute,
  unsubscribeRoute,
  reportAbuseRoute,
  clickLinkRoute,
  linkNotValidRoute,
  appRoute.addChildren([
    indexRoute,
    contactsRoute,
    contactRoute,
    logisticsCustomerRoute,
    ...contactListRoutes,
    ...logisticsListRoutes,
    statusAuditRoute,
    changesAuditRoute,
    calendarRoute,
    referralsRoute,
    reportsRoute,
    leadToAccountRoute,
    opportunityDashboardRoute,
    activitySummariesRoute,
    accountInsightsRoute,
    usMapRoute,
    taskReportRoute,
    dealersRoute,
    addDealerRoute,
    dealerRoute,
    expensesRoute,
    ...creditApplicationRoutes,
    fileViewerRoute,
    emailTemplatesRoute,
    emailHistoryRoute,
    emailMarketingRoute,
    signInAsRoute,
    signInFromTruckSalesRoute,
    profileRoute,
    loginToRcRoute,
    adminUsersRoute,
    adminDivisionsRoute,
    adminSystemConfigRoute,
    adminMailOutboxRoute,
    adminReadModelsRoute,
    myTeamRoute,
    unknownRoute,
  ]),
])

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // TanStack Query owns freshness; the router must not serve its own cached loader results.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    // Show skeletons only for loads that are actually slow.
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    // Every route that loads data shows the same clear states unless it brings its own (the contact page).
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
