import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where the embedded default keeps the secrets it generated: readable by the owner only. */
export const secretsFile = (dataDir: string) => path.join(dataDir, 'secrets.json')

interface StoredSecrets {
  jwtSecret: string
  ssoSecret: string
  /** Seals credit applications' sensitive data (added later: a file without it gets one on the next start). */
  creditDataKey?: string
}

const freshCreditKey = () => randomBytes(32).toString('base64')

const fresh = (): StoredSecrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  ssoSecret: randomBytes(48).toString('base64url'),
  creditDataKey: freshCreditKey(),
})

/**
 * The embedded default needs no configuration, yet no secret may come from the source: on first start it
 * generates random JWT and SSO secrets and keeps them under DATA_DIR (mode 0600), so tokens and single sign-on
 * links survive a restart. Values in the environment win. Returns the environment the services parse.
 */
export async function withEmbeddedSecrets(dataDir: string, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  if (env.JWT_SECRET && env.SSO_SECRET && env.CREDIT_DATA_KEY) return withStoredKeyAsOld(dataDir, env)
  const stored = await readOrCreate(secretsFile(dataDir))
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET || stored.jwtSecret,
    SSO_SECRET: env.SSO_SECRET || stored.ssoSecret,
    CREDIT_DATA_KEY: env.CREDIT_DATA_KEY || stored.creditDataKey,
    CREDIT_DATA_OLD_KEYS: oldKeys(env, stored.creditDataKey),
  }
}

/**
 * A new CREDIT_DATA_KEY in the environment rotates the generated one (docs/decisions/031): the generated key
 * keeps opening what it sealed, as an old key, so a rotation needs nothing but the new key.
 */
function oldKeys(env: NodeJS.ProcessEnv, storedKey: string | undefined): string | undefined {
  const keys = (env.CREDIT_DATA_OLD_KEYS ?? '').split(',').filter(Boolean)
  if (storedKey && env.CREDIT_DATA_KEY && storedKey !== env.CREDIT_DATA_KEY && !keys.includes(storedKey)) {
    keys.push(storedKey)
  }
  return keys.length > 0 ? keys.join(',') : undefined
}

async function withStoredKeyAsOld(dataDir: string, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  let stored: Partial<StoredSecrets> = {}
  try {
    stored = JSON.parse(await readFile(secretsFile(dataDir), 'utf8')) as Partial<StoredSecrets>
  } catch (error) {
    // No generated secrets here (services started one by one, or a fresh folder): nothing to keep opening.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const old = oldKeys(env, typeof stored.creditDataKey === 'string' ? stored.creditDataKey : undefined)
  return old ? { ...env, CREDIT_DATA_OLD_KEYS: old } : env
}

async function readOrCreate(file: string): Promise<StoredSecrets> {
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredSecrets>
    if (typeof stored.jwtSecret !== 'string' || typeof stored.ssoSecret !== 'string') {
      throw new Error(`${file} is damaged: remove it to generate new secrets (every session then ends)`)
    }
    // A copy or a restore may have loosened the mode: secrets stay the owner's alone.
    await chmod(file, 0o600)
    if (typeof stored.creditDataKey !== 'string') {
      // Written once, before any application could be sealed with it.
      const completed = { ...stored, creditDataKey: freshCreditKey() } as StoredSecrets
      await writeFile(file, JSON.stringify(completed), { mode: 0o600 })
      return completed
    }
    return stored as StoredSecrets
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(path.dirname(file), { recursive: true })
  const secrets = fresh()
  try {
    // 'wx': two processes starting at once on the same folder keep the first one's secrets.
    await writeFile(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' })
    return secrets
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(file)
    throw error
  }
}
