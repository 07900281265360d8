import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AlertTriangle, RotateCw } from 'lucide-react'
import { useEffect } from 'react'
import { messages } from '@crm/contracts'
import { Button } from './ui/button'
import { isApiError, problemMessage } from '../lib/api-error'

/** A screen that failed to load: what happened and a way to try again without a full reload. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const { reset } = useQueryErrorResetBoundary()
  useEffect(() => reset(), [reset])
  const message = isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong

  return (
    <div className="grid h-full min-h-80 place-items-center p-8">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-3 text-center">
        <div className="grid size-11 place-items-center rounded-full bg-danger-soft text-danger">
          <AlertTriangle className="size-5" />
        </div>
        <div>
          <h1 className="text-base font-semibold tracking-tight">This page could not be loaded</h1>
          <p className="mt-1 text-muted-foreground">{message}</p>
        </div>
        <Button size="sm" onClick={() => void router.invalidate()}>
          <RotateCw /> Try again
        </Button>
      </div>
    </div>
  )
}
