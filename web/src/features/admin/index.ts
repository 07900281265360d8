export { AdminNav } from './admin-nav'
