import { defineModal, lazyModalBody } from '../../components/modal/modal-registry'
import type { Props } from './advanced-search-form'

/** Registered here; the window's body loads on first open (advanced-search-form.tsx). */
export const advancedSearchModal = defineModal<Props>('advanced_search', {
  title: (p) => (p.categoryId === 24 ? 'Email marketing filters' : 'Advanced Search'),
  width: 1000,
  component: lazyModalBody(() => import('./advanced-search-form'), 'AdvancedSearch'),
})
