/** The live room's public entry: its routes for app.ts, the media hook and the demo slides for the seed. */
export { default as liveRoomRoutes, type LiveRoomPort, type LiveRoomRoutesOptions } from './live-room.routes.ts';
export { accessCodeHash, type AttendanceEvidence, type MediaSource, noMedia } from './live-room.service.ts';
export { DEMO_SLIDES, slideUrl } from './slide-svg.ts';
