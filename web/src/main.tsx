import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { messages } from '@crm/contracts'
import { configureApi } from './lib/api'
import { notify } from './lib/notify'
import { createQueryClient } from './lib/query-client'
import { clearSession, dropExpiredSession, getToken } from './lib/session-store'
import { modalStore } from './components/modal/modal-store'
import { createAppRouter } from './router'
import './index.css'

// docs/product.md section 4: an expired token logs out at start-up, before any screen asks the API.
dropExpiredSession()

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

configureApi({
  getToken,
  // A refused token mid-session: back to login, then straight back to where the rep was.
  onUnauthorized: () => {
    const { location } = router.state
    if (location.pathname === '/login') return
    clearSession({ keepDivision: true })
    modalStore.closeAll()
    notify.info(messages.unauthorized)
    void router.navigate({ to: '/login', search: { fromPathname: location.href } }).then(() => queryClient.clear())
  },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
