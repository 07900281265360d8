import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { Props } from './related-entities-body'

/** Registered here; the window's body loads on first open (related-entities-body.tsx). */
export const relatedEntitiesModal = defineModal<Props>('related_entities', {
  title: 'Possible Duplicates',
  component: lazyModalBody(() => import('./related-entities-body'), 'RelatedEntities'),
})
