import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API_BASE } from '../../lib/api'

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

    const refresh = () => {
      clearTimeout(debounce)
      debounce = setTimeout(() => {
        void queryClient.invalidateQueries({ predicate: (query) => query.meta?.live === true })
      }, DEBOUNCE_MS)
    }

    const connect = () => {
      source = new EventSource(`${API_BASE}/changes?access_token=${encodeURIComponent(token)}`)
      source.onopen = () => {
        failures = 0
      }
      source.onmessage = (event: MessageEvent<string>) => {
        if (isChange(event.data)) refresh()
      }
      source.onerror = () => {
        // The browser retries dropped connections itself; CLOSED means it gave up (e.g. a 404 or 401).
        if (source?.readyState !== EventSource.CLOSED) return
        source.close()
        if (++failures > MAX_RECONNECTS) return
        retry = setTimeout(connect, Math.min(60_000, 2000 * 2 ** failures))
      }
    }

    connect()
    return () => {
      source?.close()
      clearTimeout(debounce)
      clearTimeout(retry)
    }
  }, [token, queryClient])
}
