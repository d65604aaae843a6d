import type { ApiLanguage, Speaker, SpeakerDetail } from '@medportal/contract';
import { presentSpeaker, type SpeakerRow } from '../shared/content.present.ts';

/** The shared speaker card with the caller's follow flag. */
export function presentSpeakerFor(r: SpeakerRow, isFollow: boolean, lang: ApiLanguage): Speaker {
  return { ...presentSpeaker(r, lang), is_follow: isFollow };
}

/** Detail: follower_count is counted from the follow rows, not read from the cache column. */
export function presentSpeakerDetail(
  r: SpeakerRow & { hospitalId: number | null; organizationId: number | null },
  extra: { intro: string; followers: number; isFollow: boolean },
  lang: ApiLanguage,
): SpeakerDetail {
  return {
    ...presentSpeakerFor({ ...r, followerCount: extra.followers }, extra.isFollow, lang),
    intro: extra.intro,
    hospital_id: r.hospitalId,
    organization_id: r.organizationId,
  };
}
