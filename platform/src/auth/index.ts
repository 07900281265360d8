export * from './request-user'
export * from './sessions'
export * from './access-tickets'
