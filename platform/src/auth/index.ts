export * from './request-user'
export * from './sessions'
