/** The media module's public entry: addresses of the generated covers. */
export { type CoverKind, coverUrl } from './cover-svg.ts';
