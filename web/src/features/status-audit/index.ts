export { AuditNavLink } from './audit-nav-link'
