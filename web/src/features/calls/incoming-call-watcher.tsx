import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { incomingCallsQueryOptions, rcSessionQueryOptions } from './calls-api'
import { incomingCallWindow } from './incoming-call-window'

/** A call that rang longer ago than this is history, not something to pop. */
const POP_WITHIN_MS = 2 * 60_000
// Popped once per browser, across its tabs and reloads: a rep with three tabs open gets one window, not three.
const POPPED_KEY = 'incoming-calls-popped'

const popped = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(POPPED_KEY) ?? '[]') as string[]
  } catch {
    return []
  }
}

/**
 * Pops incoming-call-contact when a call rings on the rep's line: the change feed refetches the rep's incoming
 * calls when the phone_log read model moves, and each new call still ringing or on, and not yet logged, opens its
 * window once.
 */
export function IncomingCallWatcher({ onCreateContact }: { onCreateContact: (phoneNumber: string) => void }) {
  const { data: session } = useQuery(rcSessionQueryOptions())
  const { data: calls } = useQuery({ ...incomingCallsQueryOptions(), enabled: Boolean(session?.connected) })

  useEffect(() => {
    if (!calls) return
    const seen = popped()
    const fresh = calls.filter(
      (c) =>
        (c.status === 'ringing' || c.status === 'answered') &&
        // Logged already (in another tab, or before a reload): nothing left to do about it.
        c.contactId === null &&
        Date.now() - Date.parse(c.rangAt) < POP_WITHIN_MS &&
        !seen.includes(c.id),
    )
    if (fresh.length === 0) return
    localStorage.setItem(POPPED_KEY, JSON.stringify([...seen, ...fresh.map((c) => c.id)].slice(-50)))
    incomingCallWindow.open({ callId: fresh[0]!.id, onCreateContact })
  }, [calls, onCreateContact])

  return null
}
