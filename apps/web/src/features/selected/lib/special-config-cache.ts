import type { SpecialConfig } from '@medportal/contract';
import { SPECIAL_CONFIG_TTL_S } from '@medportal/contract/constants';

/** localStorage key of an album's config: built from the theme and album ids (spec §2). */
export const specialConfigKey = (themeId: number, albumId: number): string => `special_config_${themeId}_${albumId}`;

interface Stored {
  /** When it was fetched, ms since the epoch. */
  at: number;
  lang: string;
  config: SpecialConfig;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored config while it is younger than SPECIAL_CONFIG_TTL_S seconds (and in the same language), else null. */
export function readSpecialConfig(themeId: number, albumId: number, lang: string, now = Date.now()): SpecialConfig | null {
  const raw = storage()?.getItem(specialConfigKey(themeId, albumId));
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored;
    const ageS = (now - stored.at) / 1000;
    return stored.lang === lang && ageS >= 0 && ageS < SPECIAL_CONFIG_TTL_S ? stored.config : null;
  } catch {
    return null;
  }
}

export function writeSpecialConfig(themeId: number, albumId: number, lang: string, config: SpecialConfig, now = Date.now()): void {
  try {
    storage()?.setItem(specialConfigKey(themeId, albumId), JSON.stringify({ at: now, lang, config } satisfies Stored));
  } catch {
    // A full or blocked storage only costs a refetch next time.
  }
}

/** The config from local storage while fresh, else fetched and stored. */
export async function loadSpecialConfig(themeId: number, albumId: number, lang: string, fetchConfig: () => Promise<SpecialConfig>): Promise<SpecialConfig> {
  const cached = readSpecialConfig(themeId, albumId, lang);
  if (cached) return cached;
  const config = await fetchConfig();
  writeSpecialConfig(themeId, albumId, lang, config);
  return config;
}
