/** The showcase module's public entry: the epidemic map's data and pre-event landing pages. */
export { default as showcaseRoutes } from './showcase.routes.ts';
