import type { QueryClient } from '@tanstack/react-query'
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router'
import { isApiError } from '../../lib/api-error'
import { appRoute } from '../../routes/app-route'

const contactPage = () => import('./contact-page')

async function loadContact({ context, params }: { context: { queryClient: QueryClient }; params: { id: string } }) {
  const [{ contactHistoryQueryOptions }, { contactQueryOptions }] = await Promise.all([
    import('./contacts-api'),
    import('../../lib/contact-api'),
  ])
  // History is secondary: started now, awaited by nobody, shown by its own card.
  void context.queryClient.prefetchQuery(contactHistoryQueryOptions(params.id))
  try {
    await context.queryClient.ensureQueryData(contactQueryOptions(params.id))
  } catch (error) {
    if (isApiError(error, 404)) throw notFound()
    throw error
  }
}

const contactPageOptions = {
  loader: loadContact,
  component: lazyRouteComponent(contactPage, 'ContactPage'),
  pendingComponent: lazyRouteComponent(() => import('./contact-page-pending'), 'ContactPagePending'),
  notFoundComponent: lazyRouteComponent(contactPage, 'ContactNotFound'),
}

export const contactRoute = createRoute({ getParentRoute: () => appRoute, path: 'contacts/$id', ...contactPageOptions })
