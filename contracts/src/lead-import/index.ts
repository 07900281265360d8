export * from './lead-import'
