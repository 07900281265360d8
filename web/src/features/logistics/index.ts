export { LogisticsNavLink } from './logistics-nav-link'
