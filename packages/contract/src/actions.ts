import { z } from 'zod';

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

export const ActionTarget = z.enum(['_self', '_blank']);

export const Action = z.object({
  type: z.number().int(),
  data: z
    .object({
      url: z.string().optional(),
      category_id: z.number().int().optional(),
      id: z.number().int().optional(),
      dep_val: z.string().optional(),
      title: z.string().optional(),
      message: z.string().optional(),
      module: z.string().optional(),
      module_id: z.number().int().optional(),
    })
    .default({}),
  target: ActionTarget.default('_self'),
});
export type Action = z.infer<typeof Action>;

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

/** Host-bridge jump payload (spec §3). */
export const BridgePayload = z.object({
  module: z.string().optional(),
  module_id: z.number().int().optional(),
  category_id: z.number().int().optional(),
  speaker_id: z.number().int().optional(),
  course_id: z.number().int().optional(),
  meeting_id: z.number().int().optional(),
  refreshLayout: z.number().int().optional(),
});
export type BridgePayload = z.infer<typeof BridgePayload>;
