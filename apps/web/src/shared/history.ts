import type { MemberModule } from '@medportal/contract';
import { useEffect } from 'react';
import { api } from './api-client';
import { isLoggedIn } from './session';

const MODULES: ReadonlySet<string> = new Set<MemberModule>(['course', 'news', 'live', 'speaker', 'column', 'paper', 'vod']);
const isModule = (name: string): name is MemberModule => MODULES.has(name);

/**
 * Records a view in the user's history (spec §7 "History"): fire-and-forget, only when logged in,
 * never throws and never delays navigation. Unknown module names are ignored.
 */
export function recordHistory(moduleName: string | undefined, moduleId: number | undefined): void {
  if (!moduleName || !isModule(moduleName) || !moduleId || moduleId <= 0 || !isLoggedIn()) return;
  try {
    api.call('historyRecord', { body: { module_name: moduleName, module_id: moduleId } }).catch(() => undefined);
  } catch {
    // Never let history break the page.
  }
}

/** Records one view per (module, id) while the component stays mounted. */
export function useRecordHistory(moduleName: MemberModule, moduleId: number): void {
  useEffect(() => {
    recordHistory(moduleName, moduleId);
  }, [moduleName, moduleId]);
}
