export * from './messages'
export * from './dealer-fields'
export * from './dealer-list'
