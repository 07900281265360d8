export { advancedSearchModal } from './advanced-search-modal'
