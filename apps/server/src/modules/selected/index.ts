/** The selected-content channels and themed special albums module's public entry: its routes. */
export { default as selectedRoutes } from './selected.routes.ts';
