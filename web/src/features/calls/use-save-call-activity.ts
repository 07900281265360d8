import { callMessages, type SaveCallActivityInput } from '@crm/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { parseCallDuration } from '../../lib/timeline-format'
import { callCommands } from './calls-api'

/**
 * Saving a call's activity from a call window (placed or incoming): refused before the call started
 * ('You cannot create activity before call is started'), the call time typed h:mm:ss; the window closes once saved.
 */
export function useSaveCallActivity(close: () => void) {
  const queryClient = useQueryClient()
  const [saving, setSaving] = useState(false)

  async function save(started: boolean, callTime: string, body: Omit<SaveCallActivityInput, 'duration'>) {
    if (!started) return notify.error(callMessages.callNotStarted)
    const duration = parseCallDuration(callTime)
    if (duration === undefined) return notify.error('Call time must be h:mm:ss')
    setSaving(true)
    try {
      await callCommands.saveActivity({ ...body, duration })
      notify.success('Data is saved')
      void queryClient.invalidateQueries({ queryKey: ['activities'] })
      close()
    } catch (error) {
      if (!isApiError(error)) throw error
    } finally {
      setSaving(false)
    }
  }
  return { save, saving }
}
