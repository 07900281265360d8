import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { IncomingCallProps } from './incoming-call-body'

/** Registered here; the window's body loads on first open (incoming-call-body.tsx). */
export const incomingCallWindow = defineModal<IncomingCallProps>('incoming-call-contact', {
  title: 'Incoming call',
  component: lazyModalBody(() => import('./incoming-call-body'), 'IncomingCallWindow'),
})
