import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { NotFoundPage } from '../components/not-found-page'

// The toasts' library is not needed to show the first screen: it loads right after it.
const ToasterHost = lazy(() => import('../components/toaster-host').then((m) => ({ default: m.ToasterHost })))

export type RouterContext = { queryClient: QueryClient }

function RootLayout() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <ToasterHost />
      </Suspense>
    </>
  )
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFoundPage />,
})
