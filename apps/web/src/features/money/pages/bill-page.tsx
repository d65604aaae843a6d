import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { pageParam } from '../../../shared/page-param';
import { PagedList } from '../../../shared/ui/paged-list';
import { PAGE_SIZE, TXN_TYPES, useTransactions, type Txn, type TxnType } from '../api/money';
import { SectionPage } from '../../../shared/ui/section-page';
import { TxnRow } from '../components/parts';

const isType = (v: string | null): v is TxnType => (TXN_TYPES as readonly string[]).includes(v ?? '');

/** `/bill`: every change of the balance, newest first, filtered by type, a page at a time. */
export function BillPage() {
  const { t } = useTranslation('money');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const raw = search.get('type');
  const type: TxnType | '' = isType(raw) ? raw : '';
  const list = useTransactions(page, type);
  const go = (next: { type?: TxnType | ''; page?: number }) => {
    const q = new URLSearchParams();
    const ty = next.type ?? type;
    if (ty) q.set('type', ty);
    const p = next.page ?? 1;
    if (p > 1) q.set('page', String(p));
    void navigate({ search: q.toString() ? `?${q.toString()}` : '' });
  };
  return (
    <SectionPage title={t('bill.title')} back={{ to: paths.user.wallet.getHref(), label: t('wallet.title') }} testId="bill-page">
      <label className="money-filter">
        {t('bill.filter')}{' '}
        <select className="input" value={type} onChange={(e) => go({ type: e.target.value as TxnType | '' })}>
          <option value="">{t('bill.allTypes')}</option>
          {TXN_TYPES.map((ty) => (
            <option key={ty} value={ty}>
              {t(`txnTypes.${ty}`)}
            </option>
          ))}
        </select>
      </label>
      <PagedList<Txn>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go({ page: p })}
        render={(txn) => <TxnRow key={txn.id} txn={txn} />}
        className="section-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={t('bill.empty')}
        testId="bill-list"
      />
    </SectionPage>
  );
}
