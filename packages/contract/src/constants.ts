/** Business constants of spec §9 and the project, as named values. */
export const PRODUCT_VERSION = '5.5.0';
export const DEFAULT_TIMEZONE = '+08:00';
export const API_TIMEOUT_MS = 30_000;
export const DIRECT_CALL_TIMEOUT_MS = 20_000;
/** Image upload limit in KB (spec: 10240). */
export const IMAGE_UPLOAD_LIMIT_KB = 10_240;
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_HISTORY_SEPARATOR = ',';
export const SEARCH_HISTORY_STORAGE_KEY = 'search_history';
export const BANNER_HEIGHT_PX = 343;
export const DIALOG_WIDTH_PX = 500;
/** Special-album config stays valid in local storage for less than this many seconds. */
export const SPECIAL_CONFIG_TTL_S = 600;
export const FOLLOWER_SUFFIX_ZH = '人关注';
export const DIALOG_BUTTON_COLOR = '#14a39a';
export const MEETING_NUMBER_GROUP = 4;
/** Chunk-load failures are reported once they persist this long (spec §8). */
export const CHUNK_ERROR_REPORT_AFTER_MS = 120_000;
/** Server-side TTL of the in-memory cache for hot public reads (home blocks). */
export const HOME_CACHE_TTL_MS = 5_000;
/** Event bus names (spec §4). */
export const EventBus = { SPECIAL_CONFIG: 'SPECIAL_CONFIG', SPECIAL_MENU: 'SPECIAL_MENU' } as const;
/** Local-storage keys of the session (spec §3 "Session state"). */
export const StorageKey = {
  ACCESS_TOKEN: 'accessToken',
  REFRESH_TOKEN: 'refreshToken',
  APP_TOKEN: 'apptoken',
  USER_INFO: 'userInfo',
  PLATFORM: 'platform',
} as const;
/** Special themes that accept an album id. */
export const SPECIAL_THEMES_WITH_ALBUM = [1, 3] as const;

/** Domain suffix a URL must contain to count as ours (spec §5 safe-URL check). */
export const SAFE_URL_SUFFIX = '.medportal.cn';

export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.[A-Za-z]{2,5}$/;
/** DOI text of the form 10.xxxx/... (spec §5). */
export const DOI_PATTERN = /\b10\.\d{4,9}\/[^\s"<>]+[^\s"<>.,;:)]/g;
