import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API_BASE } from '../../lib/api'
import { accessTicket } from '../../lib/access-ticket'

const DEBOUNCE_MS = 300
const MAX_RECONNECTS = 5

function isChange(data: string): boolean {
  try {
    const message: unknown = JSON.parse(data)
    return Boolean(message && typeof message === 'object' && 'projection' in message)
  } catch {
    return false
  }
}

/**
 * Live refresh (docs/architecture.md "Query side"): the change feed tells when read models moved; open screens
 * refetch their `live` queries. A burst of changes causes one refetch. Without the feed the app just
 * is not live: after a few failed reconnects it stops trying.
 */
export function useChangeFeed(token: string | null): void {
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let debounce: ReturnType<typeof setTimeout> | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false

    const refresh = () => {
      clearTimeout(debounce)
      debounce = setTimeout(() => {
        void queryClient.invalidateQueries({ predicate: (query) => query.meta?.live === true })
      }, DEBOUNCE_MS)
    }

    const retryLater = () => {
      if (stopped || ++failures > MAX_RECONNECTS) return
      retry = setTimeout(() => void connect(), Math.min(60_000, 2000 * 2 ** failures))
    }

    // The feed takes a single-use ticket, not the token (a URL ends up in logs): a new one for every connection.
    const connect = async () => {
      const ticket = await accessTicket('/changes').catch(() => undefined)
      if (stopped) return
      if (!ticket) return retryLater()
      source = new EventSource(`${API_BASE}/changes?${new URLSearchParams({ ticket })}`)
      source.onopen = () => {
        failures = 0
      }
      source.onmessage = (event: MessageEvent<string>) => {
        if (isChange(event.data)) refresh()
      }
      source.onerror = () => {
        // A dropped connection is retried with a new ticket (the browser's own retry would reuse the spent one).
        source?.close()
        retryLater()
      }
    }

    void connect()
    return () => {
      stopped = true
      source?.close()
      clearTimeout(debounce)
      clearTimeout(retry)
    }
  }, [token, queryClient])
}
