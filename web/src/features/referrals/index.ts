export { ContactReferralsCard } from './contact-referrals-card'
