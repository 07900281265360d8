import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Loader2, UserRoundCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { positions } from '../../lib/positions'
import { logoutSession, refreshLogin } from '../auth'
import { clearSession, stopActingAs, useActingFor, useSession } from '../../lib/session-store'

/**
 * While signed in as another user, on every screen: who you act as, and one click back to your own account
 * (that user's session ends; yours, kept open, gets a fresh token).
 */
export function ActingAsBanner() {
  const actingFor = useActingFor()
  const session = useSession()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (!actingFor || !session) return null

  async function goBack() {
    setBusy(true)
    try {
      await logoutSession(session!.sessionToken).catch(() => undefined)
      const renewed = await refreshLogin(actingFor!.session.sessionToken).catch(() => undefined)
      positions.reset()
      queryClient.clear()
      if (renewed) {
        stopActingAs(renewed)
        await router.navigate({ to: '/sign-in-as', replace: true })
      } else {
        // The own session ended meanwhile: log in again.
        clearSession({ keepDivision: false })
        await router.navigate({ to: '/login', replace: true })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5 border-b border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950"
    >
      <UserRoundCheck className="size-4 shrink-0" aria-hidden />
      <span>
        Signed in as <strong>{session.user.name}</strong>: what you do is recorded as theirs.
      </span>
      <Button size="sm" variant="secondary" className="h-8" disabled={busy} onClick={() => void goBack()}>
        {busy && <Loader2 className="animate-spin" />}
        Back to {actingFor.session.user.name}
      </Button>
    </div>
  )
}
