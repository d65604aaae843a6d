/** The staff module's public entry: who may reach which admin area, and the audit log (it owns `user_roles` and `audit_log`). */
export { default as staffRoutes } from './staff.routes.ts';
export { default as areaGuard } from './area-guard.ts';
export { areasOf, hasArea, hasRole, requireArea, rolesOf } from './staff.service.ts';
export { type AuditEntryInput, writeAudit } from './audit.ts';
