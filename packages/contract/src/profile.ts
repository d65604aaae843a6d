import { z } from 'zod';
import { ApiLanguage } from './common.ts';
import { CountryCode, Email, MobileNumber, Nickname, VerifyCode } from './accounts.ts';
import { isValidMobile } from './constants.ts';

/** Profile and profile completion (spec §2 "Profile completion", §3 "Personal info", §7 "Profile"). */

export const Gender = { UNKNOWN: 0, MALE: 1, FEMALE: 2 } as const;

const shortText = (max: number) => z.string().trim().max(max);

export const PersonalInfo = z.object({
  id: z.number().int(),
  avatar_url: z.string(),
  nickname: z.string(),
  real_name: z.string(),
  gender: z.number().int(),
  mobile: z.string().nullable(),
  country_code: z.string().nullable(),
  email: z.string().nullable(),
  hospital: z.string(),
  department: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  professional_title: z.string(),
  /** Job or role: doctor, nurse, pharmacist, researcher, student, other. */
  occupation: z.string(),
  province: z.string(),
  city: z.string(),
  /** Available credit points. */
  availablescore: z.number().int(),
  profile_completed: z.boolean(),
  created_at: z.string(),
});
export type PersonalInfo = z.infer<typeof PersonalInfo>;

export const Occupation = z.enum(['doctor', 'nurse', 'pharmacist', 'technician', 'researcher', 'student', 'other']);

export const UpdatePersonalInfoBody = z
  .object({
    avatar_url: z.string().max(512).regex(/^\/(media|uploads)\//, 'avatar_url must be an uploaded image').optional(),
    nickname: Nickname.optional(),
    real_name: shortText(40).optional(),
    gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    hospital: shortText(100).optional(),
    department_id: z.number().int().positive().nullable().optional(),
    professional_title: shortText(40).optional(),
    occupation: Occupation.optional(),
    province: shortText(40).optional(),
    city: shortText(40).optional(),
  })
  .strict();

export interface DepartmentNode {
  id: number;
  title: string;
  children: DepartmentNode[];
}
export const DepartmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({ id: z.number().int(), title: z.string(), children: z.array(DepartmentNode) }),
);
export const DepartmentTreeData = z.object({ items: z.array(DepartmentNode) });

/** The profile-completion forms (`/improve/*`): which audience's fields are asked. */
export const ProfileFormKind = z.enum(['info', 'currency', 'info_vj', 'info_jeadv']);
export type ProfileFormKind = z.infer<typeof ProfileFormKind>;
export const ProfileFormBody = z.object({
  form: ProfileFormKind,
  real_name: shortText(40).min(1),
  occupation: Occupation,
  hospital: shortText(100).optional(),
  department_id: z.number().int().positive().optional(),
  professional_title: shortText(40).optional(),
  province: shortText(40).optional(),
  city: shortText(40).optional(),
  /** Journals' reader forms (info_vj, info_jeadv) also ask for a research field and consent. */
  research_field: shortText(100).optional(),
  accept_updates: z.boolean().optional(),
});
export const ProfileFormData = z.object({ profile_completed: z.boolean() });

export const BindMobileBody = z
  .object({ mobile: MobileNumber, country_code: CountryCode, code: VerifyCode })
  .refine((v) => isValidMobile(v.mobile, v.country_code), { message: 'mobile is not valid for this country', path: ['mobile'] });
export const BindEmailBody = z.object({ email: Email, code: VerifyCode });
/** Answer of a bind whose target belongs to another account: code ACCOUNT_TAKEN with this data. */
export const AccountTakenData = z.object({ merge_token: z.string(), other_nickname: z.string() });
export const MergeUserBody = z.object({ merge_token: z.string().min(1).max(256), confirm: z.literal(true) });
export const MergeUserData = z.object({ merged_user_id: z.number().int() });

export const UserConfig = z.object({
  language: ApiLanguage,
  timezone: z.string(),
  notify_live: z.boolean(),
  notify_course: z.boolean(),
  /** Where the sister meeting product lives (user_sync_to_meeting returns a signed link into it). */
  meeting_base_url: z.string(),
});
export const SyncToMeetingData = z.object({ url: z.string() });
export const UploadImageData = z.object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() });
