/** The console's moderation queue (news comments, live questions) and its pending counts. */
export { default as moderationRoutes } from './moderation.routes.ts';
export { pendingModeration } from './moderation.service.ts';
