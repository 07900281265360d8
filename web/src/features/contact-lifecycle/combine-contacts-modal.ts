import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { CombineProps } from './combine-contacts-wizard'

/** Registered here; the window's body loads on first open (combine-contacts-wizard.tsx). */
export const combineContactsModal = defineModal<CombineProps>('combine_contacts', {
  title: 'Combine Contacts',
  component: lazyModalBody(() => import('./combine-contacts-wizard'), 'CombineWizard'),
})
