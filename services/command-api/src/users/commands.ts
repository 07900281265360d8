import type { PermissionKey, UpdateProfile, UserExpectations, UserOptions } from '@crm/contracts'

/** Passwords arrive already hashed: hashing is slow work that a pure decider does not do. */
export type RegisterUserCommand = {
  type: 'RegisterUser'
  data: {
    userId: string
    email: string
    name: string
    divisionId: number
    permissions: PermissionKey[]
    passwordHash: string
    managerId?: string | null
  }
}
export type UpdateUserCommand = {
  type: 'UpdateUser'
  data: Partial<{
    email: string
    name: string
    divisionId: number
    managerId: string | null
    permissions: PermissionKey[]
    active: boolean
    expectations: UserExpectations
  }>
}
export type UpdateProfileCommand = { type: 'UpdateProfile'; data: UpdateProfile }
export type UpdateOptionsCommand = { type: 'UpdateOptions'; data: { options: UserOptions } }
export type ChangePasswordCommand = {
  type: 'ChangePassword'
  data: { passwordHash: string; by: 'self' | 'manager' | 'admin' }
}
export type RequestPasswordResetCommand = { type: 'RequestPasswordReset'; data: { tokenId: string; expiresAt: string } }
export type ResetPasswordCommand = { type: 'ResetPassword'; data: { tokenId: string; passwordHash: string } }
export type RecordLoginAsCommand = { type: 'RecordLoginAs'; data: { byUserId: string } }

export type UserCommand =
  | RegisterUserCommand
  | UpdateUserCommand
  | UpdateProfileCommand
  | UpdateOptionsCommand
  | ChangePasswordCommand
  | RequestPasswordResetCommand
  | ResetPasswordCommand
  | RecordLoginAsCommand
