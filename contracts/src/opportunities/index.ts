export * from './opportunities'
export * from './dashboard'
