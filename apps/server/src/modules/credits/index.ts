/**
 * The credits module's public entry: its routes for app.ts, the ports app.ts fills (attendance
 * evidence in, certificate issuance out), and `designate` for the seed.
 */
export { default as creditsRoutes, type CreditsRoutesOptions } from './credits.routes.ts';
export type { AttendanceKind, AttendanceReader, AttendanceSummary, CertificateIssuer, CmePdfDrawer, IssueCertificateInput } from './credits.ports.ts';
export { designate } from './credits.service.ts';
export { STANDARD_RULES } from './credits.rules.ts';
export { mergeCredits } from './credits.merge.ts';
export { designatedIds } from './credits.admin.ts';
