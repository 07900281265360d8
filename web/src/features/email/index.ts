export { ContactEmailCard } from './contact-email-card'
export { SendEmailButton } from './send-email-button'
export { marketingSendModal } from './marketing-send-modal'
