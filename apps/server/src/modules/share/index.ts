/** The share module's public entry: its routes for app.ts. */
export { default as shareRoutes, type ShareRoutesOptions } from './share.routes.ts';
