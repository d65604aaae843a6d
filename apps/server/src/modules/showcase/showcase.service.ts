import { type ApiLanguage, type Covid19Data, ErrorCode, type PreActUiConfig } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { COVID19_AS_OF, COVID19_PROVINCES } from './covid19.data.ts';
import { publishedPreAct } from './showcase.repository.ts';

export function covid19(lang: ApiLanguage): Covid19Data {
  const provinces = COVID19_PROVINCES.map(([code, zh, en, confirmed, cured, deaths]) => ({
    code,
    name: lang === 'en' ? en : zh,
    confirmed,
    cured,
    deaths,
    current: confirmed - cured - deaths,
  }));
  const sum = (k: 'confirmed' | 'cured' | 'deaths' | 'current') => provinces.reduce((n, p) => n + p[k], 0);
  return {
    as_of: COVID19_AS_OF,
    source: lang === 'en' ? 'Demo data: a static, dated snapshot for illustration, not live figures' : '演示数据：静态的某日快照，仅供展示，并非实时数据',
    is_demo: true,
    totals: { confirmed: sum('confirmed'), cured: sum('cured'), deaths: sum('deaths'), current: sum('current') },
    provinces,
  };
}

export async function preActUiConfig(db: Db, id: number, lang: ApiLanguage): Promise<PreActUiConfig> {
  const row = await publishedPreAct(db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const texts = lang === 'en' && row.textsEn ? row.textsEn : row.textsZh;
  return {
    id: row.id,
    title: texts.title,
    subtitle: texts.subtitle,
    banner: row.banner,
    starts_at: row.startsAt.toISOString(),
    colors: row.colors,
    buttons: texts.buttons,
  };
}
