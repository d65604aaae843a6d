import { z } from 'zod';

// The plain code tables live in codes.ts (no zod) so the web bundle can import them cheaply.
export { ActionType, NativeAction, BACK_HOME_TYPE_RANGE, MiniProgramSkip } from './codes.ts';

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
