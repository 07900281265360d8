export * from './lead-import'
export * from './import-events'
