/**
 * The email marketing section of `npm run bench` (BENCH_ONLY=email runs it alone): a marketing send to
 * 10,000 contacts (EMAIL_BENCH_CONTACTS) through smtp-server on loopback, on real PostgreSQL in a schema of its
 * own.
 */
import type { BenchRow } from '../contact-lists/bench-row'
import { marketingSendBench } from './marketing-send-bench'

export const emailBenchTitle = 'Email marketing: one send to 10,000 contacts over SMTP (issue 16)'
export const emailBenchSetup = 'In-process job queue (sending concurrency 4), nodemailer to smtp-server on loopback.'

export async function runEmailBenchmarks(databaseUrl: string): Promise<BenchRow[]> {
  const contacts = Math.max(100, Number(process.env.EMAIL_BENCH_CONTACTS ?? 10_000))
  return marketingSendBench(databaseUrl, contacts)
}
