/**
 * The attendance module's public entry (decision record 0053): its routes for app.ts, the summary
 * the credit engine reads, and the check-in hook the live room calls in its transaction.
 */
export { default as attendanceRoutes, type AttendanceRoutesOptions } from './attendance.routes.ts';
export { type AttendanceKind, attendanceSummary, recordSignIn, type RoomPort } from './attendance.service.ts';
export { mergeAttendance } from './attendance.merge.ts';
