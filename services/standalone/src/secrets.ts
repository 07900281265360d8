import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where the embedded default keeps the secrets it generated: readable by the owner only. */
export const secretsFile = (dataDir: string) => path.join(dataDir, 'secrets.json')

interface StoredSecrets {
  jwtSecret: string
  ssoSecret: string
}

const fresh = (): StoredSecrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  ssoSecret: randomBytes(48).toString('base64url'),
})

/**
 * The embedded default needs no configuration, yet no secret may come from the source: on first start it
 * generates random JWT and SSO secrets and keeps them under DATA_DIR (mode 0600), so tokens and single sign-on
 * links survive a restart. Values in the environment win. Returns the environment the services parse.
 */
export async function withEmbeddedSecrets(dataDir: string, env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  if (env.JWT_SECRET && env.SSO_SECRET) return env
  const stored = await readOrCreate(secretsFile(dataDir))
  return { ...env, JWT_SECRET: env.JWT_SECRET || stored.jwtSecret, SSO_SECRET: env.SSO_SECRET || stored.ssoSecret }
}

async function readOrCreate(file: string): Promise<StoredSecrets> {
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredSecrets>
    if (typeof stored.jwtSecret !== 'string' || typeof stored.ssoSecret !== 'string') {
      throw new Error(`${file} is damaged: remove it to generate new secrets (every session then ends)`)
    }
    // A copy or a restore may have loosened the mode: secrets stay the owner's alone.
    await chmod(file, 0o600)
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
