import { type ApiLanguage, type DataOf, ErrorCode, type MemberItem, MEMBER_MODULES, type MemberModule } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import * as repo from './member.repository.ts';
import { MODULE_TITLES, moduleAction, presentColumnCard, presentSubscribeCard } from './member.present.ts';
import { pageOf } from '../shared/paginate.ts';


const notFound = () => new AppError(ErrorCode.NOT_FOUND);

interface ListQuery {
  module_name?: MemberModule | undefined;
  page: number;
  page_size: number;
}

/**
 * Favourites, history and column subscriptions. Every query is scoped to the caller's user id;
 * counts are counted from rows (in the same transaction as the write that changes them).
 */
export class MemberService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  private async exists(module: MemberModule, id: number): Promise<boolean> {
    return (await repo.findModuleItems(this.db, module, [id], this.now())).length > 0;
  }

  /** Rows whose item is no longer published are left out of the page. */
  private async resolve(rows: Array<{ id: number; moduleName: string; moduleId: number; at: Date }>, lang: ApiLanguage): Promise<MemberItem[]> {
    const byModule = new Map<MemberModule, number[]>();
    for (const r of rows) {
      const m = r.moduleName as MemberModule;
      byModule.set(m, [...(byModule.get(m) ?? []), r.moduleId]);
    }
    const found = new Map<string, repo.ModuleRow>();
    await Promise.all(
      [...byModule].map(async ([m, ids]) => {
        for (const item of await repo.findModuleItems(this.db, m, ids, this.now())) found.set(`${m}:${item.id}`, item);
      }),
    );
    const out: MemberItem[] = [];
    for (const r of rows) {
      const m = r.moduleName as MemberModule;
      const item = found.get(`${m}:${r.moduleId}`);
      if (!item) continue;
      out.push({
        id: r.id,
        module_name: m,
        module_id: r.moduleId,
        title: pick(lang, item.titleZh, item.titleEn),
        cover: item.cover,
        action: moduleAction(m, r.moduleId),
        at: r.at.toISOString(),
      });
    }
    return out;
  }

  private menu(counts: Array<{ moduleName: string; n: number }>, lang: ApiLanguage) {
    const byName = new Map(counts.map((c) => [c.moduleName, c.n]));
    return {
      items: MEMBER_MODULES.map((m) => ({
        module_name: m,
        title_zh: MODULE_TITLES[m].zh,
        title_en: MODULE_TITLES[m].en,
        title: pick(lang, MODULE_TITLES[m].zh, MODULE_TITLES[m].en),
        count: byName.get(m) ?? 0,
      })),
    };
  }

  async setFavorite(userId: number, b: { module_name: MemberModule; module_id: number; status: 1 | 2 }): Promise<DataOf<'favoriteSet'>> {
    const on = b.status === 1;
    if (on && !(await this.exists(b.module_name, b.module_id))) throw notFound();
    await repo.setFavorite(this.db, userId, b.module_name, b.module_id, on, this.now());
    return { is_favorite: on };
  }

  async favorites(userId: number, q: ListQuery, lang: ApiLanguage): Promise<DataOf<'favoriteList'>> {
    const { rows, total } = await repo.listFavorites(this.db, userId, q.module_name, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.resolve(rows, lang), q, total);
  }

  async favoriteModules(userId: number, lang: ApiLanguage): Promise<DataOf<'favoriteModules'>> {
    return this.menu(await repo.countFavoritesByModule(this.db, userId), lang);
  }

  async recordHistory(userId: number, b: { module_name: MemberModule; module_id: number }): Promise<null> {
    if (!(await this.exists(b.module_name, b.module_id))) throw notFound();
    await repo.upsertHistory(this.db, userId, b.module_name, b.module_id, this.now());
    return null;
  }

  async historyMenu(userId: number, lang: ApiLanguage): Promise<DataOf<'historyMenu'>> {
    return this.menu(await repo.countHistoryByModule(this.db, userId), lang);
  }

  async history(userId: number, q: ListQuery, lang: ApiLanguage): Promise<DataOf<'historyList'>> {
    const { rows, total } = await repo.listHistory(this.db, userId, q.module_name, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.resolve(rows, lang), q, total);
  }

  async deleteHistory(userId: number, ids: number[] | null): Promise<DataOf<'historyDelete'>> {
    return { deleted: await repo.deleteHistory(this.db, userId, ids) };
  }

  async columns(userId: number | undefined, q: { page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'columnList'>> {
    const { rows, total } = await repo.listColumns(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentColumnCard(r, lang)),
      q,
      total,
    );
  }

  async subscribable(userId: number | undefined, q: { page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'subscribeList'>> {
    const { rows, total } = await repo.listColumns(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentSubscribeCard(r, lang)),
      q,
      total,
    );
  }

  async mySubscriptions(userId: number, q: { page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'mySubscribe'>> {
    const { rows, total } = await repo.listMySubscriptions(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentSubscribeCard(r, lang)),
      q,
      total,
    );
  }

  /** Subscribe or unsubscribe; subscribe_total is the number of rows, read in the same transaction. */
  async subscribe(userId: number, columnId: number, on: boolean): Promise<DataOf<'subscribeAdd'>> {
    const answer = await this.db.transaction(async (tx) => {
      if (!(await repo.isColumnVisible(tx, columnId))) throw notFound();
      await repo.setSubscription(tx, columnId, userId, on, this.now());
      return { is_follow: on, subscribe_total: await repo.countSubscriptions(tx, columnId) };
    });
    // subscribe_total is on the column cards.
    this.cache.invalidate([Tag.columns]);
    return answer;
  }
}
