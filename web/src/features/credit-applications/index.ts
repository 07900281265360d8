export { CreditNav } from './credit-nav'
