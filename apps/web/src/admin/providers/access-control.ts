import type { AccessControlProvider } from '@refinedev/core';
import type { AdminArea } from '@medportal/contract/constants';
import { loadMe } from './me';

/**
 * A resource is reachable when its `meta.area` is one of the operator's areas (the server checks
 * the same on every call; this only keeps the menu and buttons to what will work).
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ params }) {
    const area = (params?.resource?.meta as { area?: AdminArea } | undefined)?.area;
    if (!area) return { can: true };
    const me = await loadMe().catch(() => null);
    return me?.areas.includes(area) ? { can: true } : { can: false, reason: 'area' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
