/** The profile module's public entry: the console's users area. */
export { default as userAdminRoutes } from './profile.admin.routes.ts';
