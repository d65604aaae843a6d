import { CONGRESS_FIELDS } from '@medportal/contract';
import type * as s from '../db/schema/index.ts';
import { coverUrl } from '../modules/media/cover-svg.ts';
import { CONGRESS_SERIES } from './data/congresses.ts';

export interface CongressSeedRows {
  congresses: Array<(typeof s.congresses)['$inferInsert']>;
}

const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The meeting calendar's congresses: every series in the seeding year (China's calendar) and the
 * next, so the calendar always shows the coming months. Ids follow series then year.
 */
export function buildCongressSeed(now: Date): CongressSeedRows {
  const year = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
  const congresses: CongressSeedRows['congresses'] = [];
  for (const y of [year, year + 1]) {
    for (const c of CONGRESS_SERIES) {
      const start = Date.UTC(y, c.month - 1, c.day);
      const field = CONGRESS_FIELDS[c.field];
      congresses.push({
        id: congresses.length + 1,
        acronym: `${c.acronym} ${y}`,
        titleZh: `${y} ${c.zh}`,
        titleEn: `${c.en} ${y}`,
        organizerZh: c.orgZh,
        organizerEn: c.orgEn,
        startDate: ymd(start),
        endDate: ymd(start + (c.days - 1) * DAY),
        cityZh: c.cityZh,
        cityEn: c.cityEn,
        country: c.country,
        venue: c.venue,
        field: c.field,
        region: c.region,
        mode: c.mode,
        url: c.url,
        abstractDeadline: c.abstractBefore === null ? null : ymd(start - c.abstractBefore * DAY),
        registrationDeadline: c.registrationBefore === null ? null : ymd(start - c.registrationBefore * DAY),
        logo: coverUrl('logo', `cg-${c.acronym.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`, c.acronym.split(' ')[0]),
        summaryZh: `${c.orgZh}主办的${field.zh}领域年度学术盛会，${c.days} 天的会期汇集全球最新研究、指南更新与病例讨论。`,
        summaryEn: `The yearly ${field.en.toLowerCase()} meeting of the ${c.orgEn}: ${c.days} days of new research, guideline updates and case discussions.`,
        status: 'published',
      });
    }
  }
  return { congresses };
}
