import type { ResourceProps } from '@refinedev/core';
import { ADMIN_AREAS, type AdminArea } from '@medportal/contract/constants';
import type { Texts } from '../texts';
import type { ConsoleArea } from './types';
import { auditArea } from './audit';
import { coursesArea, creditDesignationArea } from './courses';
import { creditsArea } from './credits';
import { moneyArea } from './money';
import { newsArea } from './news';
import { homeArea } from './home';
import { rolesArea } from './roles';
import { catalogArea } from './catalog';
import { mediaArea } from './media';
import { livesArea } from './lives';
import { moderationArea } from './moderation';
import { serviceArea } from './service';
import { usersArea } from './users';

export type { ConsoleArea } from './types';

/** Every area of the console, one line each; the menu follows ADMIN_AREAS' order. */
export const AREAS: readonly ConsoleArea[] = [
  moneyArea,
  creditsArea,
  creditDesignationArea,
  auditArea,
  rolesArea,
  coursesArea,
  livesArea,
  newsArea,
  homeArea,
  catalogArea,
  mediaArea,
  moderationArea,
  usersArea,
  serviceArea,
];

/** The menu group of an area. */
export const areaGroup = (area: AdminArea): string => `area-${area}`;

/**
 * refine's resources: a group per area that has pages (labelled with the area's name), each
 * area's resources under it with `meta.area` set and their label in the current language.
 */
export function consoleResources(translate: (key: string) => string): ResourceProps[] {
  const out: ResourceProps[] = [];
  for (const area of ADMIN_AREAS) {
    const own = AREAS.filter((a) => a.area === area).flatMap((a) => a.resources);
    if (own.length === 0) continue;
    out.push({ name: areaGroup(area), meta: { area, label: translate(`areas.${area}`) } });
    for (const r of own) {
      const labelKey = typeof r.meta?.labelKey === 'string' ? r.meta.labelKey : undefined;
      // A resource may sit in a group of its area's own (meta.parent), under the area's group.
      const parent = typeof r.meta?.parent === 'string' ? r.meta.parent : areaGroup(area);
      out.push({ ...r, meta: { ...r.meta, area, parent, ...(labelKey ? { label: translate(labelKey) } : {}) } });
    }
  }
  return out;
}

function merge(into: Texts, from: Texts): Texts {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return into;
}

/** The shell's texts with every area's. */
export function consoleTexts(shell: { zh: Texts; en: Texts }): { zh: Texts; en: Texts } {
  return {
    zh: AREAS.reduce((acc, a) => merge(acc, a.texts.zh), merge({}, shell.zh)),
    en: AREAS.reduce((acc, a) => merge(acc, a.texts.en), merge({}, shell.en)),
  };
}
