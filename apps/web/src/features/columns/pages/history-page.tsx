import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/errors';
import { loadNamespaces } from '../../../shared/i18n';
import { ActionLink } from '../../../shared/ui/action-link';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { showNotice } from '../../../shared/ui/notice-store';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTabs } from '../../../shared/ui/tabs';
import { HISTORY_PAGE_SIZE, useHistory, useHistoryDelete, useHistoryMenu } from '../api/columns';
import { pageParam } from '../../../shared/page-param';
import { Pager } from '../../../shared/ui/pager';
import '../columns.css';

/** `/user/history` (login needed, guarded by the /user route): history by module, delete selected, clear all. */
export function HistoryPage() {
  const { t } = useTranslation('member');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const menu = useHistoryMenu();
  const module = search.get('module') ?? menu.data?.items[0]?.module_name ?? 'course';
  const page = pageParam(search);
  const list = useHistory(module, page);
  const remove = useHistoryDelete();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const go = (m: string, p = 1) => {
    setSelected(new Set());
    void navigate({ search: `?module=${m}${p > 1 ? `&page=${p}` : ''}` });
  };
  const tabs = useTabs({ keys: (menu.data?.items ?? []).map((m) => m.module_name), selected: module, onSelect: (m) => go(m), tabId: (m) => `history-tab-${m}`, panelId: 'history-panel' });
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onError = (error: unknown) => showNotice(errorText(error));
  return (
    <div className="container columns-page">
      <h1>{t('titles.history')}</h1>
      {menu.data ? (
        <div className="history-tabs" {...tabs.listProps} aria-label={t('history.modules')}>
          {menu.data.items.map((m) => (
            <button key={m.module_name} {...tabs.tabProps(m.module_name)} className="button">
              {m.title} ({m.count})
            </button>
          ))}
        </div>
      ) : null}
      <div {...tabs.panelProps}>
        <div className="history-toolbar">
          <button
            type="button"
            className="button"
            disabled={selected.size === 0 || remove.isPending}
            onClick={() => remove.mutate([...selected], { onSuccess: () => setSelected(new Set()), onError })}
          >
            {t('history.deleteSelected')}
          </button>
          <button type="button" className="button" disabled={remove.isPending} onClick={() => setConfirmOpen(true)}>
            {t('history.clearAll')}
          </button>
        </div>
        {list.isPending ? (
          <Skeleton height={160} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p>{t('history.empty')}</p>
        ) : (
          <>
            <ul className="history-list">
              {list.data.items.map((item) => (
                <li key={item.id} className="history-item" data-testid="history-item">
                  <input type="checkbox" aria-label={`${t('history.select')} ${item.title}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} />
                  <Image src={item.cover} alt="" />
                  <ActionLink action={item.action}>{item.title}</ActionLink>
                </li>
              ))}
            </ul>
            <Pager page={page} pageSize={HISTORY_PAGE_SIZE} total={list.data.total} onChange={(p) => go(module, p)} />
          </>
        )}
      </div>
      <Dialog
        open={confirmOpen}
        role="alertdialog"
        title={t('history.clearAll')}
        onClose={() => setConfirmOpen(false)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirmOpen(false)}>
              {t('history.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setConfirmOpen(false);
                remove.mutate('all', { onSuccess: () => setSelected(new Set()), onError });
              }}
            >
              {t('history.confirm')}
            </button>
          </>
        }
      >
        {t('history.confirmClear')}
      </Dialog>
    </div>
  );
}

export async function loader() {
  await loadNamespaces('member');
  return null;
}

export const Component = HistoryPage;
