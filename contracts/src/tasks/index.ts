export * from './commands'
export * from './events'
export * from './messages'
export * from './next-steps'
