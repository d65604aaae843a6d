import {
  ActionType,
  type ApiLanguage,
  type Course,
  ErrorCode,
  type HospitalCard,
  type LiveItem,
  type NewsItem,
  type Page,
  type PlaceHeader,
  type PlaceKind,
  type PlaceRegion,
  type Region,
  type Speaker,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { presentLive } from '../shared/live.present.ts';
import { action, presentCourse, presentSpeaker } from '../shared/content.present.ts';
import { regionExists } from '../shared/region.query.ts';
import { presentNews } from '../shared/news.present.ts';
import * as repo from './places.repository.ts';
import { type PageQ, pageOf } from '../shared/paginate.ts';



const notFound = () => new AppError(ErrorCode.NOT_FOUND);
const offset = (q: PageQ) => (q.page - 1) * q.page_size;

interface RegionNames {
  regionId: number | null;
  regionZh: string | null;
  regionEn: string | null;
  parentId: number | null;
  parentZh: string | null;
  parentEn: string | null;
}

function presentRegion(r: RegionNames, lang: ApiLanguage): PlaceRegion {
  if (r.regionId === null || r.regionZh === null) return null;
  return {
    id: r.regionId,
    name: pick(lang, r.regionZh, r.regionEn),
    parent: r.parentId !== null && r.parentZh !== null ? { id: r.parentId, name: pick(lang, r.parentZh, r.parentEn) } : null,
  };
}

function presentHospitalCard(r: repo.HospitalCardRow, lang: ApiLanguage): HospitalCard {
  return {
    id: r.id,
    name: pick(lang, r.nameZh, r.nameEn),
    logo: r.logo,
    region: presentRegion(r, lang),
    counts: { speakers: Number(r.speakers), courses: Number(r.courses) },
    action: action(ActionType.ROUTE, { url: `/hospital/${r.id}` }),
  };
}

/** Hospitals, organisers and keywords: one header shape and the same four lists for the three. */
export class PlacesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async ensure(kind: PlaceKind, id: number) {
    const row = await repo.findPlace(this.db, kind, id);
    if (!row) throw notFound();
    return row;
  }

  async header(kind: PlaceKind, id: number, lang: ApiLanguage): Promise<PlaceHeader> {
    const row = await this.ensure(kind, id);
    const [counts, region] = await Promise.all([
      repo.countAll(this.db, kind, id, this.now()),
      row.regionId === null ? null : repo.findRegion(this.db, row.regionId),
    ]);
    return {
      id,
      kind,
      name: pick(lang, row.nameZh, row.nameEn),
      logo: row.logo,
      intro: pick(lang, row.introZh, row.introEn),
      counts,
      region: region ? presentRegion({ ...region, regionId: region.id, regionZh: region.nameZh, regionEn: region.nameEn }, lang) : null,
    };
  }

  async courses(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<Course>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageCourses(this.db, kind, id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentCourse(r, lang)),
      q,
      total,
    );
  }

  async lives(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<LiveItem>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageLives(this.db, kind, id, this.now(), q.page_size, offset(q));
    const now = this.now();
    return pageOf(
      rows.map((r) => presentLive(r, lang, now)),
      q,
      total,
    );
  }

  async news(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<NewsItem>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageNews(this.db, kind, id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total,
    );
  }

  async speakers(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<Speaker>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageSpeakers(this.db, kind, id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentSpeaker(r, lang)),
      q,
      total,
    );
  }

  /** Every region, each parent followed by its cities; counts include the cities' hospitals. */
  async regions(lang: ApiLanguage): Promise<{ items: Region[] }> {
    const [rows, direct] = await Promise.all([repo.listRegions(this.db), repo.hospitalsPerRegion(this.db)]);
    const known = new Set(rows.map((r) => r.id));
    const parentOf = (r: repo.RegionRow) => (r.parentId !== null && known.has(r.parentId) ? r.parentId : null);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const totals = new Map<number, number>();
    for (const [regionId, n] of direct) {
      // Walk up to the top; `seen` guards against a cycle in hand-edited data.
      const seen = new Set<number>();
      for (let id: number | null = regionId; id !== null && !seen.has(id); id = byId.has(id) ? parentOf(byId.get(id)!) : null) {
        seen.add(id);
        totals.set(id, (totals.get(id) ?? 0) + n);
      }
    }
    const children = new Map<number | null, repo.RegionRow[]>();
    for (const r of rows) children.set(parentOf(r), [...(children.get(parentOf(r)) ?? []), r]);
    const items: Region[] = [];
    const placed = new Set<number>();
    const visit = (parent: number | null) => {
      for (const r of children.get(parent) ?? []) {
        if (placed.has(r.id)) continue;
        placed.add(r.id);
        items.push({ id: r.id, name: pick(lang, r.nameZh, r.nameEn), parent_id: parentOf(r), hospital_count: totals.get(r.id) ?? 0 });
        visit(r.id);
      }
    };
    visit(null);
    return { items };
  }

  async hospitals(q: PageQ & { region_id?: number | undefined }, lang: ApiLanguage): Promise<Page<HospitalCard>> {
    if (q.region_id !== undefined && !(await regionExists(this.db, q.region_id))) throw notFound();
    const { rows, total } = await repo.pageHospitals(this.db, q.region_id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentHospitalCard(r, lang)),
      q,
      total,
    );
  }
}
