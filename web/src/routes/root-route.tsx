import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Toaster } from 'sonner'
import { TOAST_DEFAULT_MS } from '@crm/contracts'
import { NotFoundPage } from '../components/not-found-page'

export type RouterContext = { queryClient: QueryClient }

function RootLayout() {
  return (
    <>
      <Outlet />
      {/* Top centre: over nothing a user clicks (bottom right covered the Save buttons of window footers). */}
      <Toaster
        position="top-center"
        offset={{ top: 12 }}
        duration={TOAST_DEFAULT_MS}
        richColors
        closeButton
        visibleToasts={5}
      />
    </>
  )
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFoundPage />,
})
