import { messages } from '@crm/contracts'
import { isApiError, problemMessage } from '../../lib/api-error'

/** A DataTable's error state for a query's error: the server's message (or the generic one) and a retry. */
export function tableError(error: unknown, retry: () => unknown): { message: string; onRetry: () => void } | undefined {
  if (!error) return undefined
  return {
    message: isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong,
    onRetry: () => void retry(),
  }
}
