import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { CallWindowProps } from './call-window-body'

/** Registered here; the window's body loads on first open (call-window-body.tsx). */
export const callWindow = defineModal<CallWindowProps>('clickToCall-live', {
  title: 'Edit Activity',
  width: 950,
  component: lazyModalBody(() => import('./call-window-body'), 'CallWindow'),
})
