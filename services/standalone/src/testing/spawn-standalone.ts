import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const childEntry = fileURLToPath(new URL('./standalone-child.ts', import.meta.url))

export interface StandaloneChild {
  process: ChildProcess
  /** http://127.0.0.1:<port>/api/v1 */
  base: string
  /** What it printed on stdout (its log lines go there too). */
  output(): string
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | null>
}

/**
 * The product (standalone-child.ts, the standalone process without the web app) as a child process, resolved
 * once it listens and its administrator is seeded. `env` adds to this process's environment: give empty strings,
 * not absent keys, to switch off what the shell sets (REDIS_URL='' is the in-process queue).
 */
export async function spawnStandalone(env: NodeJS.ProcessEnv, startLimitMs = 120_000): Promise<StandaloneChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', childEntry], {
    env: { ...process.env, PORT: '0', SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the product did not start: ${out}`)), startLimitMs)
    const look = () => {
      const match = /listening (\d+) jobs/.exec(out)
      if (!match) return
      clearTimeout(timer)
      child.stdout!.off('data', look)
      resolve(match[1]!)
    }
    child.stdout!.on('data', look)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the product exited (${code}) before it listened: ${out}`))
    })
  })
  return {
    process: child,
    base: `http://127.0.0.1:${port}/api/v1`,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
