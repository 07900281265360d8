export { GlobalSearch } from './global-search'
