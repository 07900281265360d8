import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { Props } from './send-email-form'

/** Registered here; the window's body loads on first open (send-email-form.tsx). */
export const sendEmailModal = defineModal<Props>('send_email', {
  title: (p) => `Send Email to ${p.contact.name}`,
  width: 950,
  component: lazyModalBody(() => import('./send-email-form'), 'SendEmailForm'),
})
