import type { PermissionKey } from '../auth/permissions'
import type { UserExpectations, UserOptions } from './users'

/** Events of the user stream (`user-<id>`). Passwords are stored only as argon2id hashes. */
export type UserRegistered = {
  type: 'UserRegistered'
  data: {
    userId: string
    email: string
    name: string
    divisionId: number
    permissions: PermissionKey[]
    passwordHash: string
    /** The user's manager (their team); absent for users registered before teams existed. */
    managerId?: string | null
  }
}

export type UserDetailsChanged = {
  type: 'UserDetailsChanged'
  data: { userId: string; name: string; email: string; divisionId: number; managerId: string | null }
}
export type UserPermissionsChanged = {
  type: 'UserPermissionsChanged'
  data: { userId: string; permissions: PermissionKey[] }
}
export type UserDeactivated = { type: 'UserDeactivated'; data: { userId: string } }
export type UserReactivated = { type: 'UserReactivated'; data: { userId: string } }

export type UserProfileUpdated = {
  type: 'UserProfileUpdated'
  data: {
    userId: string
    phoneNumber: string | null
    activePhone: string | null
    officeExt: string | null
    signature: string | null
    expectations: UserExpectations
  }
}
export type UserOptionsUpdated = { type: 'UserOptionsUpdated'; data: { userId: string; options: UserOptions } }

/** Who changed it: the user, their manager or an administrator, or a reset link (then its token id). */
export type UserPasswordChanged = {
  type: 'UserPasswordChanged'
  data: { userId: string; passwordHash: string; by: 'self' | 'manager' | 'admin' | 'reset'; resetTokenId?: string }
}
/** A reset link was mailed; it works once, until expiresAt, and only while no later password change happened. */
export type PasswordResetRequested = {
  type: 'PasswordResetRequested'
  data: { userId: string; tokenId: string; expiresAt: string }
}
/** Audit of "login as": `userId` is whose session was opened, `byUserId` who opened it. */
export type UserLoggedInAs = { type: 'UserLoggedInAs'; data: { userId: string; byUserId: string } }

export type UserEvent =
  | UserRegistered
  | UserDetailsChanged
  | UserPermissionsChanged
  | UserDeactivated
  | UserReactivated
  | UserProfileUpdated
  | UserOptionsUpdated
  | UserPasswordChanged
  | PasswordResetRequested
  | UserLoggedInAs
