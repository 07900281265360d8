export * from './messages'
export * from './events'
export * from './expenses'
