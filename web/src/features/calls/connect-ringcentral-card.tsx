import { callMessages } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Phone } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { formatDateTime } from '../../lib/format-date'
import { callCommands, rcSessionQueryOptions } from './calls-api'

/** The profile's RingCentral card: connected until when, or 'Connect RingCentral' (again, once expired). */
export function ConnectRingCentralCard() {
  const { data: session, isPending, isError } = useQuery(rcSessionQueryOptions())
  const [leaving, setLeaving] = useState(false)

  async function connect() {
    setLeaving(true)
    try {
      const { authorizeUrl } = await callCommands.startConnect()
      window.location.assign(authorizeUrl)
    } catch {
      setLeaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>RingCentral</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isPending && <p className="text-muted-foreground">Loading…</p>}
        {isError && <p className="text-danger">Could not read the RingCentral session.</p>}
        {session && !session.configured && <p className="text-muted-foreground">{callMessages.notConfigured}.</p>}
        {session?.configured && (
          <>
            <p className="text-muted-foreground" data-testid="rc-session-state">
              {session.connected
                ? `Connected. The session is renewed automatically before ${formatDateTime(session.expireTime)}.`
                : session.expired
                  ? callMessages.sessionExpired
                  : 'Not connected: connect to place calls from the CRM.'}
            </p>
            <Button className="min-h-11 self-start" onClick={() => void connect()} disabled={leaving}>
              <Phone /> {session.connected ? 'Reconnect RingCentral' : 'Connect RingCentral'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  )
}
