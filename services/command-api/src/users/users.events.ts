export type { UserEvent, UserRegistered } from '@crm/contracts'

export const userStreamId = (userId: string): string => `user-${userId}`
