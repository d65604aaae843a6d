import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id } from './common.ts';
import { AdminPreviewBody, AdminPreviewData } from './admin.ts';
import { ADMIN_AREAS, STAFF_ROLES } from './constants.ts';

/**
 * Staff of the operator console: roles in the database, each reaching the admin areas
 * ROLE_AREAS gives it; every `/v1/admin/` call checks its area (decision record 0061).
 */

export const StaffRoleSchema = z.enum(STAFF_ROLES);
export const AdminAreaSchema = z.enum(ADMIN_AREAS);

export const AdminMe = z.object({ user_id: z.number().int(), roles: z.array(StaffRoleSchema), areas: z.array(AdminAreaSchema) });
export type AdminMe = z.infer<typeof AdminMe>;

export const StaffMember = z.object({ user_id: z.number().int(), nickname: z.string(), roles: z.array(StaffRoleSchema) });
export const StaffList = z.object({ items: z.array(StaffMember) });

export const StaffRolesBody = z.object({ roles: z.array(StaffRoleSchema).max(STAFF_ROLES.length) });
export const StaffRolesData = z.object({ user_id: z.number().int(), roles: z.array(StaffRoleSchema) });

export const staffSchemas = {
  adminMe: {
    summary: 'My staff roles and the admin areas they reach (empty for a user who is not staff)',
    tags: ['admin'],
    data: AdminMe,
  },
  adminStaff: {
    summary: 'Every user with a staff role, and the roles (administrators)',
    tags: ['admin'],
    data: StaffList,
  },
  adminSetRoles: {
    summary: "Replace a user's staff roles (administrators; audited; the last administrator stays)",
    tags: ['admin'],
    params: z.object({ id: Id }),
    body: StaffRolesBody,
    data: StaffRolesData,
  },
  adminPreview: {
    summary: 'A short-lived link to the public page of an unpublished item (course, news, the draft home page: id 0)',
    tags: ['admin'],
    body: AdminPreviewBody,
    data: AdminPreviewData,
  },
} satisfies Record<string, EndpointSchemas>;
