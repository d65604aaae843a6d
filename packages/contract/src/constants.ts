/** Business constants of spec §9 and the project, as named values. */
export const PRODUCT_VERSION = '5.5.0';
export const DEFAULT_TIMEZONE = '+08:00';
export const API_TIMEOUT_MS = 30_000;
export const DIRECT_CALL_TIMEOUT_MS = 20_000;
/** Image upload limit in KB (spec: 10240). */
export const IMAGE_UPLOAD_LIMIT_KB = 10_240;
/** Largest uploaded image in pixels (width × height): decoding more takes gigabytes. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Images one user may upload: at most this many an hour, and this many MB in all. */
export const UPLOADS_PER_HOUR = 30;
export const UPLOAD_QUOTA_MB = 200;
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_HISTORY_SEPARATOR = ',';
export const SEARCH_HISTORY_STORAGE_KEY = 'search_history';
export const BANNER_HEIGHT_PX = 343;
export const DIALOG_WIDTH_PX = 500;
/** Special-album config stays valid in local storage for less than this many seconds. */
export const SPECIAL_CONFIG_TTL_S = 600;
/** Themes that accept an album id (spec §2 "Themed special layout"). */
export const SPECIAL_ALBUM_THEMES = [1, 3] as const;
/** Sub-pages of an album, in menu order; an album's config lists the ones it shows. */
export const SPECIAL_MENUS = ['topic', 'field', 'meetings', 'search', 'about', 'copyright'] as const;
/** Event bus names of the special layout (spec §4). */
export const SPECIAL_EVENTS = { CONFIG: 'SPECIAL_CONFIG', MENU: 'SPECIAL_MENU' } as const;
/** Selected-content channels of the video journals (/vjhemonc_selected, /vjoncology_selected). */
export const SELECTED_CHANNELS = ['vjhemonc', 'vjoncology'] as const;
/** Groupings of a channel's videos: hot topics, meeting highlights (hemonc only), disease areas, meetings. */
export const SELECTED_TAG_KINDS = ['topic', 'hotspot', 'field', 'meeting'] as const;
export const FOLLOWER_SUFFIX_ZH = '人关注';
/** Under white text: 5.2:1 (WCAG AA), the web's --color-teal. */
export const DIALOG_BUTTON_COLOR = '#0d7a72';
export const MEETING_NUMBER_GROUP = 4;
/** Meeting numbers of created meetings: 12 random digits, the first not 0. */
export const MEETING_NUMBER_DIGITS = 12;
/** A meeting lasts 15 minutes to 8 hours. */
export const MEETING_DURATION_MIN_MIN = 15;
export const MEETING_DURATION_MAX_MIN = 480;
/** Upcoming meetings one host may hold at once (held under concurrent creates). */
export const MEETING_UPCOMING_MAX = 20;
/** A host's launch token opens the room once, within this many seconds. */
export const MEETING_LAUNCH_TOKEN_TTL_S = 120;
/** A meeting password: 4 to 12 letters or digits. */
export const MEETING_PASSWORD_PATTERN = /^[A-Za-z0-9]{4,12}$/;
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

/** Accounts (issue "Accounts"): lengths and limits shared by forms and the API. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** Pay password: exactly six digits, separate from the login password. */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;
export const VERIFY_CODE_LENGTH = 6;
/** One code per recipient per this many seconds. */
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_SECONDS = 600;
export const NICKNAME_MAX_LENGTH = 30;
/** Mainland mobile numbers; other countries are checked as 5–15 digits. */
export const CN_MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const INTL_MOBILE_PATTERN = /^\d{5,15}$/;
export const DEFAULT_COUNTRY_CODE = '86';
/** `+86`, `086`, `0086` → `86`: every spelling of a calling code names one country. */
export function normalizeCountryCode(countryCode: string): string {
  return countryCode.trim().replace(/^\+/, '').replace(/^0+/, '');
}
/**
 * Password-login limits. Failures count per account and address (captcha, then a lock for that
 * address), per account from every address together (so many addresses do not multiply the
 * guesses), and per address over all accounts. Unknown accounts count exactly like known ones.
 */
export const LOGIN_LIMITS = {
  /** Failures of one account from one address before the image captcha is required there. */
  captchaAfter: 5,
  /** … and before that address is locked out of that account for `lockS`. */
  lockAfter: 10,
  /** Failures of one account from all addresses within `accountWindowS` before every address needs the captcha. */
  accountCaptchaAfter: 10,
  /** … and before password login to that account is locked for `lockS`, from everywhere. */
  accountLockAfter: 20,
  accountWindowS: 15 * 60,
  lockS: 15 * 60,
  /** Failures from one address (any accounts) per `ipWindowS` before it is rate limited. */
  ipMax: 100,
  ipWindowS: 3600,
} as const;
/** A password must mix at least two of: letters, digits, symbols. */
export function isStrongEnoughPassword(pw: string): boolean {
  if (pw.length < PASSWORD_MIN_LENGTH || pw.length > PASSWORD_MAX_LENGTH) return false;
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(pw)).length;
  return kinds >= 2;
}
/** A quick shape check for forms; the server checks the number against the country's numbering plan. */
export function isValidMobile(mobile: string, countryCode: string): boolean {
  return normalizeCountryCode(countryCode) === DEFAULT_COUNTRY_CODE ? CN_MOBILE_PATTERN.test(mobile) : INTL_MOBILE_PATTERN.test(mobile);
}

/** Course appraisals: content length and number of tags (POST /v1/user/course/{id}/appraise). */
export const APPRAISE_CONTENT_MAX = 500;
export const APPRAISE_TAGS_MAX = 5;
/** Longest news comment, in characters. */
export const NEWS_COMMENT_MAX_LENGTH = 500;

/** Contact form (POST /v1/user/contact_form): lengths shared by the form and the API. */
export const CONTACT_NAME_MAX = 50;
export const CONTACT_VALUE_MAX = 100;
export const CONTACT_MESSAGE_MIN = 5;
export const CONTACT_MESSAGE_MAX = 2000;
/** A phone number as people type it: digits with an optional +, spaces, dashes and brackets. */
export const CONTACT_PHONE_PATTERN = /^\+?[\d\s()-]{5,24}$/;

/** An email address, or a phone number with 5 to 15 digits (as people type it). */
export function isContactValue(v: string): boolean {
  if (EMAIL_PATTERN.test(v)) return true;
  if (!CONTACT_PHONE_PATTERN.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 15;
}

/** The item lists of a special topic, in display order. */
export const TOPIC_MODULES = ['course', 'live', 'news', 'paper'] as const;
/** Highest `page` a list endpoint accepts (PageQuery); pagers and page links never go past it. */
export const PAGE_MAX = 10_000;

/** Learning heartbeats (decision record 0023): the player reports every this many seconds while playing, and on pause/leave. */
export const LEARN_HEARTBEAT_S = 15;
/** Played time is credited up to the wall-clock time since the last heartbeat times this rate. */
export const LEARN_MAX_RATE = 2;
/** A chapter is complete once this share of it has been played. */
export const LEARN_COMPLETE_RATIO = 0.9;
/** Playback speeds the player offers. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** Live room: longest question and answer (characters) and most options of a poll. */
export const TOPIC_MAX_CHARS = 300;
export const ANSWER_MAX_CHARS = 1000;
export const POLL_MAX_OPTIONS = 8;

/** Credit points (decision record 0028): 100 points pay ¥1, for at most this share of an order's price. */
export const POINTS_PER_YUAN = 100;
export const POINTS_MAX_ORDER_PERCENT = 20;

/**
 * How many points an order of `priceFen` may use when the buyer has `available` points: at most
 * POINTS_MAX_ORDER_PERCENT % of the price, in whole fen (100 points = ¥1 = 100 fen, so a point is
 * a fen). The server and the order dialog use this one function.
 */
export function pointsDeduction(priceFen: number, available: number): { points: number; fen: number } {
  const fenPerPoint = 100 / POINTS_PER_YUAN;
  const capFen = Math.floor((priceFen * POINTS_MAX_ORDER_PERCENT) / 100);
  const points = Math.max(0, Math.min(Math.floor(available), Math.floor(capFen / fenPerPoint)));
  return { points, fen: points * fenPerPoint };
}

/**
 * Daily sign-in: day n of a run of consecutive days earns basePoints + min(n − 1, maxStreakExtra) ×
 * streakStep, and every bonusEvery-th day of a run adds bonusPoints.
 */
export const SIGN_IN_RULES = { basePoints: 5, streakStep: 1, maxStreakExtra: 5, bonusEvery: 7, bonusPoints: 20 } as const;
/** Voucher codes: wrong codes allowed per user and per address within the window before RATE_LIMITED. */
export const VOUCHER_LIMITS = { userFailures: 5, ipFailures: 20, windowS: 3600 } as const;
export const VOUCHER_BATCH_MAX = 1000;
export const BANKCARD_MAX_PER_USER = 5;
/** Withdrawals (fen): smallest request, and the most per user per day (requests not rejected/failed). */
export const WITHDRAWAL_LIMITS = { minFen: 1_000, dailyMaxFen: 500_000, dailyMaxCount: 3 } as const;

// ---------------------------------------------------------------- certificates (certificates.ts)

/** Paths of the two downloads that are files, not envelopes (same login as the calls below). */
export const CERT_IMAGE_PATH = '/v1/user/cert/image';
export const CERT_CREDENTIAL_PATH = '/v1/user/cert/credential';
/** The public page a certificate's QR code opens. */
export const certVerifyPagePath = (code: string) => `/cert/verify/${encodeURIComponent(code)}`;

/** The 18-character mainland resident ID: 17 digits and a GB 11643 check character (0–9 or X). */
export function residentIdValid(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * weights[i]!;
  const check = '10X98765432'[sum % 11];
  if (id[17] !== check) return false;
  // The birth date (digits 7–14) must be a real day.
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}


// Sharing (share.ts): poster and mini-program code files, scan-to-watch links.
export const SHARE_KINDS = ['live', 'news', 'speaker'] as const;
export type ShareKindName = (typeof SHARE_KINDS)[number];

/** The poster (a PNG file, not an envelope). */
export const POSTER_PATH = '/v1/user/poster';
/** Pixel size of a poster PNG (drawn at 2× a 375 × 600 layout). */
export const POSTER_SIZE = { width: 750, height: 1200 } as const;
export const posterUrl = (q: { type: ShareKindName; id: number; lang?: 'zh' | 'en'; host?: 'web' | 'mini' }): string =>
  `${POSTER_PATH}?type=${q.type}&id=${q.id}${q.lang ? `&lang=${q.lang}` : ''}${q.host ? `&host=${q.host}` : ''}`;

/** A mini-program code for a page (a PNG file). */
export const MINI_QRCODE_PATH = '/v1/user/mini_qrcode';

/** How long a scan-to-watch link stays valid (a congress day and its evening). */
export const REDIRECT_LINK_TTL_S = 24 * 3600;
/** Online service: longest text message, in characters. */
export const SUPPORT_TEXT_MAX = 1000;
/** Header and cookie carrying an anonymous online-service visitor's signed token. */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';
export const SUPPORT_VISITOR_COOKIE = 'support_visitor';

/**
 * Staff roles of the operator console, and the admin areas each reaches (every `/v1/admin/` call
 * belongs to one area). An administrator reaches them all, and alone grants roles.
 */
export const STAFF_ROLES = ['administrator', 'editor', 'live_producer', 'moderator', 'finance', 'service'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ADMIN_AREAS = ['content', 'lives', 'credits', 'moderation', 'money', 'users', 'service', 'audit', 'roles'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];
export const ROLE_AREAS: Readonly<Record<StaffRole, readonly AdminArea[]>> = {
  administrator: ADMIN_AREAS,
  editor: ['content', 'credits'],
  live_producer: ['lives', 'credits'],
  moderator: ['moderation'],
  finance: ['money', 'audit'],
  service: ['service', 'users'],
};

/** The international meeting calendar's lists (calendar.ts builds its schemas from them). */
/** Specialties a congress is filed under (its `field`), with their names in both languages. */
export const CONGRESS_FIELDS = {
  oncology: { zh: '肿瘤', en: 'Oncology' },
  hematology: { zh: '血液', en: 'Hematology' },
  cardiology: { zh: '心血管', en: 'Cardiology' },
  neurology: { zh: '神经', en: 'Neurology' },
  endocrinology: { zh: '内分泌', en: 'Endocrinology' },
  respiratory: { zh: '呼吸', en: 'Respiratory' },
  gastroenterology: { zh: '消化', en: 'Gastroenterology' },
  infectious: { zh: '感染', en: 'Infectious diseases' },
  nephrology: { zh: '肾脏', en: 'Nephrology' },
  rheumatology: { zh: '风湿免疫', en: 'Rheumatology' },
  dermatology: { zh: '皮肤', en: 'Dermatology' },
  surgery: { zh: '外科', en: 'Surgery' },
} as const;
/** Where a congress takes place. */
export const CONGRESS_REGIONS = {
  china: { zh: '中国', en: 'China' },
  asia_pacific: { zh: '亚太', en: 'Asia-Pacific' },
  europe: { zh: '欧洲', en: 'Europe' },
  north_america: { zh: '北美', en: 'North America' },
  latin_america: { zh: '拉丁美洲', en: 'Latin America' },
  middle_east_africa: { zh: '中东与非洲', en: 'Middle East & Africa' },
} as const;

/**
 * The home page's block layouts, each with what its chosen items are (decision record 0067;
 * null: it takes none). Here, without zod, so the console can list them.
 */
export const HOME_LAYOUT_ITEM_KIND = {
  banner: 'banner',
  news: 'news',
  news_menu: 'news_category',
  speaker_horizontal: 'speaker',
  speakers: 'speaker',
  courses: 'course',
  big_courses: 'course',
  course_series: 'course',
  left_image_courses: 'course',
  columns: 'column',
  papers: 'paper',
  intro_text: 'intro_text',
  special: 'album',
  special_topics: 'topic',
  live_meetings: 'live',
  today_live: 'live',
  search_items: null,
} as const;
