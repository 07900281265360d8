import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverNodeOptions } from './server-node-options'
import { freePort } from './services'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The product as a newcomer starts it (`npm start` without its build step): the standalone process on its
 * embedded default in a data folder of its own, the built web app, on a free port. Stopping removes the folder.
 */
export async function startStandaloneProcess(env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-bench-standalone-'))
  const port = await freePort()
  // Options NODE_OPTIONS may not carry (--cpu-prof) need node itself, with tsx as its loader, one process.
  const [command, args] = nodeArgs.length
    ? [process.execPath, [...nodeArgs, '--import', 'tsx', 'services/standalone/src/server.ts']]
    : [path.join(root, 'node_modules', '.bin', 'tsx'), ['services/standalone/src/server.ts']]
  const server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: serverNodeOptions,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    server.kill('SIGTERM')
    if (server.exitCode === null) await once(server, 'exit')
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(base, () => server.exitCode ?? server.signalCode)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop, pid: server.pid }
}

/** Waits for /health, or fails at once when the process has already exited (its stderr says why: no web build...). */
async function waitForHealth(base: string, exited: () => number | string | null): Promise<void> {
  const until = Date.now() + 180_000
  for (;;) {
    const exit = exited()
    if (exit !== null) throw new Error(`the standalone process exited (${exit}) before it answered: see its log above`)
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > until) throw new Error('the standalone process did not start in 3 minutes')
    await new Promise((r) => setTimeout(r, 500))
  }
}
