import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job (plugins/jobs.ts, decision record 0071): who runs it now and until
 * when, and when it is next due. Several API processes share one row, so a job runs in one of them
 * at a time and about once per interval; a crashed holder's lease simply runs out.
 */
export const jobLeases = pgTable('job_leases', {
  name: text().primaryKey(),
  /** The process running the job now (null between runs). */
  holder: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
  /** Failed runs in a row (0 after a success): the back-off grows with it. */
  failures: integer().notNull().default(0),
  lastRunAt: timestamp({ withTimezone: true }),
  lastError: text(),
});
