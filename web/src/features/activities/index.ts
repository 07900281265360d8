export { ActivityActions } from './activity-actions'
export { useMayChange } from './may-change'
