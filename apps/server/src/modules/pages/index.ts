/** The pages module's public entry: what other modules may read of the site's pages. */
export { legalVersions, type LegalVersions } from './pages.repository.ts';
export { default as contactAdminRoutes } from './contact.admin.routes.ts';
export { newContactCount } from './contact.admin.ts';
