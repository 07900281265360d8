import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Toaster } from 'sonner'
import { TOAST_DEFAULT_MS } from '@crm/contracts'
import { TooltipProvider } from '../components/ui/tooltip'
import { NotFoundPage } from '../features/shell/not-found-page'

export type RouterContext = { queryClient: QueryClient }

function RootLayout() {
  return (
    <TooltipProvider delayDuration={300}>
      <Outlet />
      {/* Bottom right, above the tab bar of minimized windows: never over the header or a window's title bar. */}
      <Toaster
        position="bottom-right"
        offset={{ bottom: 52, right: 16 }}
        duration={TOAST_DEFAULT_MS}
        richColors
        closeButton
        visibleToasts={5}
      />
    </TooltipProvider>
  )
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFoundPage />,
})
