import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { CreateContactProps } from './create-contact-form'

/** Registered here; the window's body loads on first open (create-contact-form.tsx). */
export const createContactModal = defineModal<CreateContactProps>('create_contact', {
  title: 'New contact',
  component: lazyModalBody(() => import('./create-contact-form'), 'CreateContactForm'),
})
