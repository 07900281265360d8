import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { Props } from './marketing-send-form'

/** Registered here; the window's body loads on first open (marketing-send-form.tsx). */
export const marketingSendModal = defineModal<Props>('email_marketing', {
  title: 'Email marketing',
  width: 950,
  component: lazyModalBody(() => import('./marketing-send-form'), 'MarketingSendForm'),
})
