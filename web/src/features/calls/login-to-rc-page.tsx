import { callMessages } from '@crm/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { CheckCircle2, Loader2, TriangleAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { ApiError, problemMessage } from '../../lib/api-error'
import { callCommands, callKeys } from './calls-api'

type Outcome = { kind: 'waiting' } | { kind: 'done' } | { kind: 'failed'; message: string }

/** /loginToRc: RingCentral sends the browser back here with code and state; the server exchanges the code. */
export function LoginToRcPage() {
  const { code, state } = useSearch({ strict: false }) as { code?: string; state?: string }
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' })
  const queryClient = useQueryClient()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!code || !state) {
      setOutcome({ kind: 'failed', message: callMessages.loginFailed('The sign-in did not return a code') })
      return
    }
    callCommands
      .finishConnect(code, state)
      .then(() => {
        setOutcome({ kind: 'done' })
        void queryClient.invalidateQueries({ queryKey: callKeys.session })
      })
      .catch((error: unknown) => {
        const message = error instanceof ApiError ? problemMessage(error.problem) : String(error)
        setOutcome({
          kind: 'failed',
          message: message === callMessages.codeExpired ? message : callMessages.loginFailed(message),
        })
      })
  }, [code, state, queryClient])

  return (
    <div className="flex justify-center p-6">
      <Card className="w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          {outcome.kind === 'waiting' && <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />}
          {outcome.kind === 'done' && <CheckCircle2 className="size-6 text-success" aria-hidden />}
          {outcome.kind === 'failed' && <TriangleAlert className="size-6 text-danger" aria-hidden />}
          <p role="status" className="text-[15px] font-medium">
            {outcome.kind === 'waiting'
              ? callMessages.loginWaiting
              : outcome.kind === 'done'
                ? callMessages.loginSucceeded
                : outcome.message}
          </p>
          {outcome.kind !== 'waiting' && (
            <Button asChild className="min-h-11">
              <Link to="/">Back to home</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
