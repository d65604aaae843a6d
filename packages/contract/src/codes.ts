/**
 * Plain code tables with no runtime dependency (no zod), so browser bundles can import them
 * without pulling in the schemas. Re-exported from common.ts and actions.ts.
 */

/**
 * Error codes. 0, 10001 and 200203 keep the meaning the spec gives them; the rest are ours.
 * HTTP status stays 200 for business codes; `httpStatus` is used only for transport-level failures.
 */
export const ErrorCode = {
  OK: 0,
  /** The call "returns false" (spec §8). */
  FALSE: 10001,
  /** Not logged in, or the access token expired (spec §8). */
  NOT_LOGGED_IN: 200203,
  VALIDATION: 40000,
  BAD_REQUEST: 40001,
  FORBIDDEN: 40003,
  NOT_FOUND: 40004,
  METHOD_NOT_ALLOWED: 40005,
  CONFLICT: 40009,
  PAYLOAD_TOO_LARGE: 40013,
  UNSUPPORTED_MEDIA_TYPE: 40015,
  RATE_LIMITED: 40029,
  /** Account or password wrong; the same answer whether or not the account exists. */
  WRONG_CREDENTIALS: 40101,
  /** Verification code (SMS or email) wrong, expired or already used. */
  CODE_INVALID: 40102,
  /** A human check (proof-of-work captcha) must be passed first (repeated failures, or before sending a code). */
  CAPTCHA_REQUIRED: 40103,
  CAPTCHA_INVALID: 40104,
  /** The user already has a login password: use reset instead of set. */
  PASSWORD_ALREADY_SET: 40105,
  PAY_PASSWORD_NOT_SET: 40106,
  PAY_PASSWORD_ALREADY_SET: 40107,
  /** The mobile or email belongs to another account; `data.merge_token` allows merging. */
  ACCOUNT_TAKEN: 40108,
  /** WeChat login ticket expired or was cancelled. */
  TICKET_EXPIRED: 40109,
  /** The user agreement and privacy policy (current versions) must be agreed to first. */
  CONSENT_REQUIRED: 40110,
  /** The user's uploaded images fill their quota (`data.quota_mb`). */
  UPLOAD_QUOTA_EXCEEDED: 40130,
  /** A reminder for a live that has already ended. */
  LIVE_ENDED: 40120,
  /** Live room (40401–40429). The live needs its access code first. */
  LIVE_ACCESS_CODE_REQUIRED: 40401,
  LIVE_ACCESS_CODE_WRONG: 40402,
  /** Too many wrong access codes: locked for a while. */
  LIVE_ACCESS_CODE_LOCKED: 40403,
  /** Only the live's moderators may do this. */
  LIVE_NOT_MODERATOR: 40404,
  /** Questions are closed once the live has ended. */
  LIVE_QA_CLOSED: 40405,
  /** Too many questions in a short time. */
  LIVE_TOPIC_TOO_FAST: 40406,
  LIVE_POLL_CLOSED: 40407,
  LIVE_POLL_ALREADY_VOTED: 40408,
  /** Another poll is still open. */
  LIVE_POLL_ALREADY_OPEN: 40409,
  /** The status change does not fit the live's current status. */
  LIVE_STATUS_INVALID: 40410,
  /** Check-in opens 30 minutes before the start and closes at the end. */
  LIVE_SIGN_CLOSED: 40411,
  /** The recording is not available (yet). */
  RECORDING_NOT_READY: 40412,
  /** The live asks its viewers to check in before its stream or recording plays. */
  LIVE_SIGN_REQUIRED: 40413,
  /** Meetings (40470–40479). The host already has as many upcoming meetings as allowed. */
  MEETING_LIMIT: 40470,
  /** The meeting has ended or was cancelled: it can no longer be changed or opened. */
  MEETING_CLOSED: 40471,
  /** The launch link is wrong, expired or already used. */
  MEETING_LAUNCH_INVALID: 40472,
  /** The meeting's start is in the past. */
  MEETING_START_PAST: 40473,
  /** A presence check answered after its window closed, or one the viewer may not answer. */
  PRESENCE_CHECK_CLOSED: 40414,
  /** Attendance is counted, and presence checks asked, only while the live is on air. */
  LIVE_NOT_ON_AIR: 40415,
  /** The room was not recorded (a meeting held without recording, or whose recording was removed): no replay. */
  LIVE_NOT_RECORDED: 40416,
  INSUFFICIENT_BALANCE: 40201,
  /** Log in to watch this chapter or live. */
  LOGIN_TO_WATCH: 40301,
  /** Buy the course to watch this chapter. */
  PURCHASE_TO_WATCH: 40302,
  /** A signed media link whose expiry has passed. */
  MEDIA_LINK_EXPIRED: 40303,
  /** A media link whose signature does not match (tampered or made up). */
  MEDIA_LINK_INVALID: 40304,
  /** The live has no stream to watch yet (not started, or ended without a replay). */
  MEDIA_NOT_AVAILABLE: 40305,
  /** A scan-to-watch link past its expiry. */
  REDIRECT_LINK_EXPIRED: 40306,
  /** A scan-to-watch link whose signature does not match (tampered or made up). */
  REDIRECT_LINK_INVALID: 40307,
  WRONG_PAY_PASSWORD: 40202,
  /** Credit points, vouchers, bank cards, withdrawals (40260–40299; decision record 0028). */
  INSUFFICIENT_POINTS: 40260,
  VOUCHER_INVALID: 40261,
  VOUCHER_USED: 40262,
  VOUCHER_EXPIRED: 40263,
  /** The card number fails the check digit (Luhn). */
  BANKCARD_INVALID: 40270,
  /** The card's bank is not one we pay out to (not in the BIN table). */
  BANKCARD_UNSUPPORTED: 40271,
  BANKCARD_DUPLICATE: 40272,
  BANKCARD_LIMIT: 40273,
  WITHDRAWAL_TOO_SMALL: 40280,
  WITHDRAWAL_DAILY_LIMIT: 40281,
  /** The withdrawal is no longer in a state this action applies to. */
  WITHDRAWAL_STATE: 40282,
  /** Money (40203–40229). The user already owns this course. */
  ALREADY_PURCHASED: 40203,
  /** The order is no longer pending (paid, closed or refunded) or has expired. */
  ORDER_NOT_PAYABLE: 40204,
  /** The coupon is not this user's, already used, held by another order, or expired. */
  COUPON_UNAVAILABLE: 40205,
  /** The coupon's minimum spend or course scope does not fit this purchase. */
  COUPON_NOT_APPLICABLE: 40206,
  /** The campaign has no coupons left, or is not open for claiming now. */
  COUPON_SOLD_OUT: 40207,
  /** The user already holds as many coupons of this campaign as it allows. */
  COUPON_ALREADY_CLAIMED: 40208,
  /** Free, unpublished or unknown item: nothing to pay for. */
  NOT_FOR_SALE: 40209,
  /** The Idempotency-Key was used before with a different request. */
  IDEMPOTENCY_KEY_REUSED: 40210,
  /** Only a paid order can be refunded, once. */
  REFUND_NOT_ALLOWED: 40211,
  /** The payment provider refused or did not answer; nothing was charged. */
  PAYMENT_PROVIDER_ERROR: 40212,
  /** Cancelling an account whose wallet still has a balance: withdraw it first. */
  ACCOUNT_HAS_BALANCE: 40220,
  /** Cancelling or merging an account with a withdrawal still being processed (money frozen). */
  ACCOUNT_HAS_PENDING_WITHDRAWAL: 40221,
  /** Cancelling or merging an account with an order waiting for payment. */
  ACCOUNT_HAS_PENDING_ORDER: 40222,
  /** Certificates (40650–40659). A certificate needs the holder's legal name and ID number on file first. */
  CERT_IDCARD_REQUIRED: 40650,
  /** The ID number fails its check (a Chinese resident ID's check digit, or a passport number's form). */
  IDCARD_INVALID: 40651,
  /** The certificate was revoked already. */
  CERT_ALREADY_REVOKED: 40652,
  /** An uploaded credential is not one this portal signed, or was altered. */
  CREDENTIAL_INVALID: 40653,
  /** Continuing-education credit (40760–40779). The activity gives no credit. */
  CREDIT_NOT_DESIGNATED: 40760,
  /** Claims open after the activity and close at the end of the claim window. */
  CREDIT_CLAIM_WINDOW: 40761,
  /** Attendance, presence checks, post-test or evaluation not yet done (`data.unmet`). */
  CREDIT_REQUIREMENTS_NOT_MET: 40762,
  /** Every post-test attempt is used. */
  CREDIT_TEST_NO_ATTEMPTS: 40763,
  CREDIT_TEST_ALREADY_PASSED: 40764,
  CREDIT_EVALUATION_DONE: 40765,
  /** The activity has no post-test. */
  CREDIT_NO_TEST: 40766,
  /** Staff roles (40780–40789). The change would leave the console without an administrator. */
  STAFF_LAST_ADMINISTRATOR: 40780,
  /** The operator console (40790–40799). The row changed since the editor loaded it (another operator's save). */
  ADMIN_EDIT_CONFLICT: 40790,
  /** The action does not apply to the row in its present state (publishing a published item, ...). */
  ADMIN_BAD_STATE: 40791,
  /** Running the site (40850–40859). The account was disabled by an operator: no login until enabled. */
  ACCOUNT_DISABLED: 40850,
  /** An operator's merge of two accounts that cannot be merged (the same account, or one not active). */
  ADMIN_MERGE_REFUSED: 40851,
  /** Console courses (40810–40819). The chapter has learners' progress and the course is in front of readers: take it offline first. */
  COURSE_CHAPTER_HAS_LEARNERS: 40810,
  /** A series membership that cannot be: the target is not a series, or a series would join one, or a series with courses would become single. */
  COURSE_SERIES_INVALID: 40811,
  /** A reorder must name every chapter of the course exactly once (another operator may have added or removed one). */
  COURSE_CHAPTER_ORDER_MISMATCH: 40812,
  /** Only a draft nobody bought may be deleted; take the others offline. */
  COURSE_NOT_DELETABLE: 40813,
  /** Learners have claimed credit under this designation: only its titles and a later claim deadline may change, and it cannot be withdrawn. */
  CREDIT_DESIGNATION_CLAIMED: 40814,
  /** Learners have taken the post-test: its questions, pass mark and attempts stay as they were. */
  CREDIT_DESIGNATION_TESTED: 40815,
  /** News and the home page in the console (40830–40839). The category still has articles. */
  NEWS_CATEGORY_NOT_EMPTY: 40830,
  /** A news category, tag or home block item named in the request does not exist. */
  CONTENT_REFERENCE_MISSING: 40831,
  /** There is no draft of the home page to publish or discard. */
  HOME_NO_DRAFT: 40832,
  /** The catalog (40840–40849). A key that must be unique (a page's slug, a product's key) is taken. */
  CATALOG_DUPLICATE: 40840,
  /** The row names another that does not exist (a hospital, organiser, channel or album). */
  CATALOG_MISSING_REFERENCE: 40841,
  /** Another row still points at this one (a channel with albums): remove those first. */
  CATALOG_IN_USE: 40842,
  /** The resource is published when saved and has no scheduled instant. */
  CATALOG_NO_SCHEDULE: 40843,
  /** Lives in the console (40820–40829). No recording to offer as the replay (no uploaded replay, no stream recording). */
  ADMIN_LIVE_NO_RECORDING: 40820,
  /** A replay is offered or hidden only after the live has ended. */
  ADMIN_LIVE_NOT_ENDED: 40821,
  /** A speaker, organiser, department or moderator named in the live does not exist. */
  ADMIN_LIVE_UNKNOWN_REF: 40822,
  /** The media library (40800–40809). The uploaded file is not a video (checked by its bytes). */
  MEDIA_NOT_VIDEO: 40800,
  /** ffmpeg is not installed on the server (or FFMPEG_PATH/FFPROBE_PATH point nowhere). */
  MEDIA_FFMPEG_MISSING: 40801,
  /** The asset plays somewhere (a chapter, a replay, a channel item): unbind it first. */
  MEDIA_ASSET_BOUND: 40802,
  /** Only a ready asset can be bound or played; a retry needs a failed one. */
  MEDIA_NOT_READY: 40803,
  /** The subtitles are not a WebVTT file. */
  MEDIA_BAD_SUBTITLE: 40804,
  /** The poster is not a JPEG or PNG image. */
  MEDIA_BAD_POSTER: 40805,
  /** The chapter, live or channel item to bind to does not exist. */
  MEDIA_TARGET_NOT_FOUND: 40806,
  LOCKED: 42301,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
  /** Every file-drawing worker is busy and the queue is full (HTTP 503); try again shortly. */
  RENDER_BUSY: 50301,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Skip-action types (spec §3 "Action"). The spec leaves the numbers to us; cards of every page
 * carry one of these and the web's `performAction` routes it.
 */
export const ActionType = {
  NONE: 0,
  /** data.url is a path inside the portal. */
  ROUTE: 1,
  /** data.url is an outside address. */
  EXTERNAL_URL: 2,
  NEWS_CATEGORY: 3,
  SPEAKER_DETAIL: 4,
  COURSE_DETAIL: 5,
  /** Course series list: data.dep_val, data.title. */
  COURSE_LIST: 6,
  LIVE_DETAIL: 7,
  VOD_DETAIL: 8,
  NEWS_DETAIL: 9,
  /** Generic module target: data.module, data.module_id. */
  MODULE_DETAIL: 10,
  /** Show data.message to the user; nothing to open. */
  MESSAGE: 11,
  SPEAKER_LIST: 12,
  LOGIN: 13,
  COLUMN_LIST: 14,
  TOPIC_LIST: 15,
  COURSE_INDEX: 16,
  LIVE_INDEX: 17,
  SEARCH: 18,
} as const;
export type ActionType = (typeof ActionType)[keyof typeof ActionType];

/** Native host-bridge action codes (spec §7 "Host bridge"). */
export const NativeAction = {
  SHARE: 12,
  LOGIN: 13,
  BACK: 14,
  OPEN_EXTERNAL_BROWSER: 16,
  REFRESH: 18,
} as const;
export type NativeAction = (typeof NativeAction)[keyof typeof NativeAction];

/** Back-to-home type sent with BACK is clamped to this range. */
export const BACK_HOME_TYPE_RANGE = [0, 2] as const;

/** Mini-program skip codes (spec §7 "Host bridge"). */
export const MiniProgramSkip = {
  WEB_VIEW: 1,
  NEWS_CATEGORY: 2,
  SPEAKER_LIST: 3,
  SPEAKER_DETAIL: 4,
  COURSE_DETAIL: 5,
  COURSE_LIST: 6,
  COURSE_LIST_ALT: 7,
  MEETING_DETAIL: 8,
  AUTH: 9,
  MESSAGES: 10,
  COURSE_SPECIAL: 11,
  LOGIN: 13,
  MODULE_DETAIL: 20,
  WEB_VIEW_TRANSFER: 21,
  SWITCH_TO_ME_TAB: 27,
} as const;
export type MiniProgramSkip = (typeof MiniProgramSkip)[keyof typeof MiniProgramSkip];

/** Course kinds and price kinds (spec §3 "Course"). */
export const CourseType = { SINGLE: 1, SERIES: 2 } as const;
export const PriceType = { FREE: 1, PAID: 2 } as const;

/** Live status; 1 shows as now-live (spec §4). */
export const LiveStatus = { UPCOMING: 0, LIVE: 1, ENDED: 2, REPLAY: 3 } as const;

/** Slugs of the documents the web links to; the table may hold more. */
export const SitePageSlug = {
  ABOUT: 'about',
  CONTACT: 'contact',
  CONTRACT: 'contract',
  PRIVACY: 'privacy',
  PRIVACY_SDK: 'privacy-sdk',
  CREDIT_RULE: 'credit-rule',
} as const;
export type SitePageSlug = (typeof SitePageSlug)[keyof typeof SitePageSlug];
