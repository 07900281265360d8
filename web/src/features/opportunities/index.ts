export { ContactOpportunitiesCard } from './contact-opportunities-card'
