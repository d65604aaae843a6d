import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { ActionLink } from '../../../shared/ui/action-link';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { showNotice } from '../../../shared/ui/notice-store';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTabs } from '../../../shared/ui/tabs';
import { FAVORITE_PAGE_SIZE, type FavoriteItem, useFavoriteModules, useFavorites, useRemoveFavorite } from '../api/columns';
import { pageParam } from '../../../shared/page-param';
import { Pager } from '../../../shared/ui/pager';
import '../columns.css';

/**
 * `/user/collect` (login needed, guarded by the /user route): favourites by module with counts,
 * each opening through its action, removable after a confirmation.
 */
export function CollectPage() {
  const { t } = useTranslation('member');
  const lang = useLang();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const menu = useFavoriteModules();
  // The first module holding favourites opens by default.
  const module = search.get('module') ?? menu.data?.items.find((m) => m.count > 0)?.module_name ?? menu.data?.items[0]?.module_name;
  const page = pageParam(search);
  const list = useFavorites(module ?? 'course', page);
  const remove = useRemoveFavorite();
  const [confirming, setConfirming] = useState<FavoriteItem | null>(null);
  const go = (m: string, p = 1) => void navigate({ search: `?module=${m}${p > 1 ? `&page=${p}` : ''}` });
  const tabs = useTabs({ keys: (menu.data?.items ?? []).map((m) => m.module_name), selected: module, onSelect: (m) => go(m), tabId: (m) => `collect-tab-${m}`, panelId: 'collect-panel' });

  const confirmRemove = () => {
    const item = confirming;
    setConfirming(null);
    if (!item) return;
    remove.mutate(item, {
      onSuccess: () => {
        showNotice(t('collect.removed'));
        // The last item of a later page went: show the page before it.
        if (list.data && list.data.items.length === 1 && page > 1) go(item.module_name, page - 1);
      },
      onError: (error) => showNotice(errorText(error)),
    });
  };

  return (
    <div className="container columns-page collect-page">
      <h1>{t('titles.collect')}</h1>
      {menu.isError ? (
        <ErrorState error={menu.error} onRetry={() => void menu.refetch()} />
      ) : menu.data ? (
        <div className="history-tabs" {...tabs.listProps} aria-label={t('collect.modules')}>
          {menu.data.items.map((m) => (
            <button key={m.module_name} {...tabs.tabProps(m.module_name)} className="button">
              {m.title} ({m.count})
            </button>
          ))}
        </div>
      ) : (
        <Skeleton height={36} />
      )}
      <div {...tabs.panelProps}>
        {!module || list.isPending ? (
          <Skeleton height={160} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <div className="collect-empty" data-testid="collect-empty">
            <p>{t('collect.empty')}</p>
            <p className="collect-empty__hint">{t('collect.emptyHint')}</p>
          </div>
        ) : (
          <>
            <ul className="history-list">
              {list.data.items.map((item) => (
                <li key={`${item.module_name}-${item.module_id}`} className="history-item collect-item" data-testid="collect-item">
                  <Image src={item.cover} alt="" />
                  <span className="collect-item__body">
                    <ActionLink action={item.action} className="collect-item__title">
                      {item.title}
                    </ActionLink>
                    <time className="collect-item__time" dateTime={item.at}>
                      {t('collect.at', { time: formatDateTime(item.at, lang) })}
                    </time>
                  </span>
                  <button
                    type="button"
                    className="button collect-item__remove"
                    aria-label={t('collect.removeLabel', { title: item.title })}
                    disabled={remove.isPending}
                    onClick={() => setConfirming(item)}
                  >
                    {t('collect.remove')}
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={page} pageSize={FAVORITE_PAGE_SIZE} total={list.data.total} onChange={(p) => go(module, p)} />
          </>
        )}
      </div>
      <Dialog
        open={confirming !== null}
        role="alertdialog"
        title={t('collect.remove')}
        onClose={() => setConfirming(null)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirming(null)}>
              {t('collect.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={confirmRemove} data-testid="collect-confirm">
              {t('collect.confirm')}
            </button>
          </>
        }
      >
        {t('collect.confirmRemove', { title: confirming?.title ?? '' })}
      </Dialog>
    </div>
  );
}

export async function loader() {
  await loadNamespaces('member');
  return null;
}

export const Component = CollectPage;
