export * from './test-database'
export * from '../event-store/event-store.contract'
export * from './cuttable-proxy'
