import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { PagedList } from '../../../shared/ui/paged-list';
import { PAGE_SIZE, useScoreLog, type ScoreItem } from '../api/money';
import { FilterTabs, MoneyPage } from '../components/parts';
import { SignInCard } from '../components/sign-in-card';

const KINDS = ['all', 'earned', 'spent'] as const;
type Kind = (typeof KINDS)[number];

function ScoreRow({ item }: { item: ScoreItem }) {
  const { t } = useTranslation('money');
  const lang = useLang();
  return (
    <li className="money-row" data-testid="score-row">
      <div className="money-row__main">
        <p className="money-row__title">{item.title}</p>
        <p className="money-row__meta">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, lang)}</time>
          {item.ref ? <span>{item.ref}</span> : null}
        </p>
      </div>
      <div className="money-row__side">
        <span className={`money-amount ${item.change > 0 ? 'money-amount--in' : 'money-amount--out'}`}>{item.change > 0 ? `+${item.change}` : item.change}</span>
        <p className="money-row__meta">{t('credit.after', { count: item.balance_after })}</p>
      </div>
    </li>
  );
}

/** `/credit`: available points, the daily sign-in, and every change of the points. */
export function CreditPage() {
  const { t } = useTranslation('money');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const raw = search.get('type');
  const kind: Kind = raw === 'earned' || raw === 'spent' ? raw : 'all';
  const list = useScoreLog(page, kind);
  const go = (k: Kind, p = 1) => {
    const q = new URLSearchParams();
    if (k !== 'all') q.set('type', k);
    if (p > 1) q.set('page', String(p));
    void navigate({ search: q.toString() ? `?${q.toString()}` : '' });
  };
  return (
    <MoneyPage title={t('credit.title')} actions={<Link to={paths.creditRule.getHref()}>{t('credit.rules')}</Link>} testId="credit-page">
      <p className="credit-total">
        {t('credit.available')} <strong data-testid="available-score">{list.data?.availablescore ?? '…'}</strong>
      </p>
      <SignInCard />
      <h2 className="money-page__sub">{t('credit.details')}</h2>
      <FilterTabs label={t('credit.filter')} values={KINDS} value={kind} onChange={(k) => go(k)} text={(k) => t(`credit.kinds.${k}`)} />
      <PagedList<ScoreItem>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go(kind, p)}
        render={(i) => <ScoreRow key={i.id} item={i} />}
        className="money-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={t('credit.empty')}
        testId="score-list"
      />
    </MoneyPage>
  );
}
