import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import { isMainThread } from 'node:worker_threads'

/** What the product creates under DATA_DIR: directories 0700, files 0600, nothing for the group or others. */
export const OWNER_ONLY_DIR_MODE = 0o700
export const OWNER_ONLY_FILE_MODE = 0o600
const GROUP_AND_OTHERS = 0o077

/**
 * Makes every file and directory under `root` (and `root` itself) the owner's alone: directories 0700, files
 * 0600 (an owner's execute bit on a file stays). Symbolic links are left as they are and not followed. Answers
 * how many entries it tightened. Used at every start on what older versions, a copy or a restore left behind.
 */
export async function tightenTree(root: string): Promise<number> {
  let tightened = 0
  const visit = async (entry: string): Promise<void> => {
    let stats
    try {
      stats = await lstat(entry)
    } catch (error) {
      // Removed meanwhile (a WAL segment recycled, a temporary file): nothing left to protect.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    if (stats.isSymbolicLink()) return
    const mode = stats.mode & 0o7777
    const wanted = stats.isDirectory() ? OWNER_ONLY_DIR_MODE : (mode & 0o700) | OWNER_ONLY_FILE_MODE
    if ((mode & GROUP_AND_OTHERS) !== 0 || (stats.isDirectory() && mode !== wanted)) {
      await chmod(entry, wanted).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
      tightened++
    }
    if (!stats.isDirectory()) return
    let names: string[] = []
    try {
      names = await readdir(entry)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const name of names) await visit(path.join(entry, name))
  }
  await visit(root)
  return tightened
}

/**
 * DATA_DIR holds the database (read models, the event store, the erasure keys), uploaded files and the generated
 * secrets: it is the owner's alone. The process's umask becomes 0077 before anything is written, so whatever the
 * product creates there (and anywhere) has no group or other bits whatever the shell's umask was; the directory
 * is made 0700 and what is already in it is tightened (older versions, copies and restores left it readable).
 * The directory's own 0700 is the protection that holds even for a file a library created too open: nothing
 * inside can be reached by another account.
 */
export async function ownerOnlyDataDir(dataDir: string): Promise<number> {
  // A worker thread cannot change the process's umask (Node refuses); the main thread of every server does.
  if (isMainThread) process.umask(GROUP_AND_OTHERS)
  await mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_DIR_MODE })
  return tightenTree(dataDir)
}
