export * from './mailer'
export * from './outbox'
export * from './dkim'
