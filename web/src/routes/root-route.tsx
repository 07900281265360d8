import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { NotFoundPage } from '../components/not-found-page'
import { afterFirstScreen } from '../lib/after-first-screen'

// The toasts' library is not needed to show the first screen: it loads once that is shown (lib/notify.tsx keeps
// what is said before then).
const ToasterHost = lazy(() => import('../components/toaster-host').then((m) => ({ default: m.ToasterHost })))

export type RouterContext = { queryClient: QueryClient }

function RootLayout() {
  const [toasts, setToasts] = useState(false)
  useEffect(() => afterFirstScreen(() => setToasts(true)), [])
  return (
    <>
      <Outlet />
      {toasts && (
        <Suspense fallback={null}>
          <ToasterHost />
        </Suspense>
      )}
    </>
  )
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFoundPage />,
})
