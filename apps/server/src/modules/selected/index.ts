/** The selected-content channels and themed special albums module's public entry: its routes. */
export { default as selectedRoutes } from './selected.routes.ts';
/** What the media library asks of channel items it binds videos to. */
export { selectedTarget, setSelectedDuration } from './selected.media.ts';
