/**
 * The live room's public entry: its routes for app.ts, the media and attendance hooks, the demo
 * slides for the seed and the meetings' rooms.
 */
export { default as liveRoomRoutes, type LiveRoomPort, type LiveRoomRoutesOptions } from './live-room.routes.ts';
export { accessCodeHash, type AttendanceEvidence, type MediaSource, noMedia } from './live-room.service.ts';
export { openMeetingRoom, setMeetingRecording, setRoomAccessCode } from './live-room.meeting.ts';
export { DEMO_SLIDES, slideUrl } from './slide-svg.ts';
export { mergeLiveRoom } from './live-room.merge.ts';
export { isModerator } from './live-room.repository.ts';
export { pendingTopicCount, topicQueue, type TopicQueueFilter } from './live-room.queue.ts';
export { existingUsers, moderatorsOf, replaceModerators, replaceRoomSpeakers, roomRulesOf, roomSpeakerIds, saveRoomRules } from './live-room.admin.ts';
