import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { positions } from '../../lib/positions'
import { modalStore } from '../../components/modal/modal-store'
import { logoutSession } from './auth-api'
import { clearSession, getSession } from '../../lib/session-store'

/** Ends the server session, forgets everything in this tab and shows the login page (docs/product.md section 4). */
export function useLogout(): () => Promise<void> {
  const router = useRouter()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const session = getSession()
    // The local logout happens even when the server cannot be reached.
    if (session) await logoutSession(session.sessionToken).catch(() => undefined)
    clearSession({ keepDivision: false })
    positions.reset()
    modalStore.closeAll()
    await router.navigate({ to: '/login' })
    queryClient.clear()
  }, [router, queryClient])
}
