export { createContactModal } from './create-contact-modal'
export { RelatedEntitiesCell } from './related-entities-cell'
