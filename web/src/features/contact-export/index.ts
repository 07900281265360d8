export { exportContacts } from './export-contacts'
