export { ReportsNavLink } from './reports-nav-link'
