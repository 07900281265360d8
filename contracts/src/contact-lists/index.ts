export * from './list-names'
export * from './messages'
export * from './advanced-filter'
export * from './rows'
