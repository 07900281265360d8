import type { PermissionKey } from '../auth/permissions'

/** Events of the user stream (`user-<id>`). The password is stored only as an argon2id hash. */
export type UserRegistered = {
  type: 'UserRegistered'
  data: {
    userId: string
    email: string
    name: string
    divisionId: number
    permissions: PermissionKey[]
    passwordHash: string
  }
}

export type UserEvent = UserRegistered
