/** The online service module's public entry. */
export { default as supportRoutes, type SupportRoutesOptions } from './support.routes.ts';
export { isOpen, parseHours } from './support.service.ts';
