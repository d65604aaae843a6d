import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Job, JobRunner, type JobSpec } from '../lib/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs with a lease row each (lib/jobs.ts, decision record 0071). */
    jobs: JobRunner;
  }
}

/** One job runner per app; jobs stop before the database closes. */
export default fp(
  async (app) => {
    const runner = new JobRunner(app.db, app.log);
    app.decorate('jobs', runner);
    // Registered after the db plugin: onClose hooks run last-in, first-out.
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);

/**
 * A job that starts when `app` is ready and stops (waiting for a run under way) when it closes,
 * before whatever the registering plugin closes after it.
 */
export function scheduleJob(app: FastifyInstance, spec: JobSpec): Job {
  const job = app.jobs.job(spec);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  return job;
}
