import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { TOAST_DEFAULT_MS } from '@crm/contracts'
import { toasterMounted } from '../lib/notify'

/** Where toasts appear. Loaded after the first screen (routes/root-route.tsx); lib/notify.tsx waits for it. */
export function ToasterHost() {
  // Runs after the Toaster's own effect, which subscribes to new toasts: from here on none is lost.
  useEffect(() => toasterMounted(), [])
  return (
    // Top centre: over nothing a user clicks (bottom right covered the Save buttons of window footers).
    <Toaster
      position="top-center"
      offset={{ top: 12 }}
      duration={TOAST_DEFAULT_MS}
      richColors
      closeButton
      visibleToasts={5}
    />
  )
}
