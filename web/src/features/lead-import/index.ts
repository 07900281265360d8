export { importLeadsModal } from './import-leads-modal'
