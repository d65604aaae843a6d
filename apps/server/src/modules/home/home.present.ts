import type { ApiLanguage, IntroText } from '@medportal/contract';
import type { introTexts } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';

/** Row → contract shape, in the request language. The presenters other modules share live in modules/shared. */
export function presentIntro(r: typeof introTexts.$inferSelect, lang: ApiLanguage): IntroText {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), text: pick(lang, r.textZh, r.textEn), action: r.action };
}
