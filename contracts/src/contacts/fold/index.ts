export * from './contact-state'
export * from './evolve-contact'
