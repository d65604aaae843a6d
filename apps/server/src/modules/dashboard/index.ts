/** The console's start page: today's figures from the modules that own them. */
export { default as dashboardRoutes } from './dashboard.routes.ts';
