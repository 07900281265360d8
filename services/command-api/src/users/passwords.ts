import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 defaults to argon2id with OWASP's minimum cost (19 MiB, t=2, p=1).
export const hashPassword = (password: string): Promise<string> => hash(password)

/** A real hash of a throwaway password: unknown emails cost as much time as wrong passwords. */
let dummyHash: Promise<string> | undefined

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-password-of-anyone')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
