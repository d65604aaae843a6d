import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { PagedList } from '../../../shared/ui/paged-list';
import { PAGE_SIZE, useScoreLog, type ScoreItem } from '../api/rewards';
import { FilterTabs, SectionPage } from '../../../shared/ui/section-page';
import { SignInCard } from '../components/sign-in-card';
import { CmeTab } from '../../certificates';

const KINDS = ['all', 'earned', 'spent'] as const;
type Kind = (typeof KINDS)[number];

function ScoreRow({ item }: { item: ScoreItem }) {
  const { t } = useTranslation('rewards');
  const lang = useLang();
  return (
    <li className="section-row" data-testid="score-row">
      <div className="section-row__main">
        <p className="section-row__title">{item.title}</p>
        <p className="section-row__meta">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, lang)}</time>
          {item.ref ? <span>{item.ref}</span> : null}
        </p>
      </div>
      <div className="section-row__side">
        <span className={`section-amount ${item.change > 0 ? 'section-amount--in' : 'section-amount--out'}`}>{item.change > 0 ? `+${item.change}` : item.change}</span>
        <p className="section-row__meta">{t('credit.after', { count: item.balance_after })}</p>
      </div>
    </li>
  );
}

/** `/credit`: two tabs, the points (available points, the daily sign-in, every change) and the CME credit card (`?tab=cme`). */
export function CreditPage() {
  const { t } = useTranslation('rewards');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const raw = search.get('type');
  const kind: Kind = raw === 'earned' || raw === 'spent' ? raw : 'all';
  const cme = search.get('tab') === 'cme';
  const yearRaw = Number(search.get('year'));
  const year = Number.isInteger(yearRaw) && yearRaw >= 2000 && yearRaw <= 2100 ? yearRaw : undefined;
  const go = (k: Kind, p = 1) => {
    const q = new URLSearchParams();
    if (k !== 'all') q.set('type', k);
    if (p > 1) q.set('page', String(p));
    void navigate({ search: q.toString() ? `?${q.toString()}` : '' });
  };
  return (
    <SectionPage title={t('credit.title')} actions={<Link to={paths.creditRule.getHref()}>{t('credit.rules')}</Link>} testId="credit-page">
      <nav className="center-tabs credit-tabs" aria-label={t('cme.tabs.label')}>
        <Link className="course-tab-like" to={paths.credit.getHref()} aria-current={cme ? undefined : 'page'} data-testid="tab-points">
          {t('cme.tabs.points')}
        </Link>
        <Link className="course-tab-like" to={`${paths.credit.getHref()}?tab=cme`} aria-current={cme ? 'page' : undefined} data-testid="tab-cme">
          {t('cme.tabs.cme')}
        </Link>
      </nav>
      {cme ? <CmeTab year={year} onYear={(y) => void navigate({ search: `?tab=cme&year=${y}` })} /> : <PointsTab kind={kind} page={page} go={go} />}
    </SectionPage>
  );
}

function PointsTab({ kind, page, go }: { kind: Kind; page: number; go: (k: Kind, p?: number) => void }) {
  const { t } = useTranslation('rewards');
  const list = useScoreLog(page, kind);
  return (
    <>
      <p className="credit-total">
        {t('credit.available')} <strong data-testid="available-score">{list.data?.availablescore ?? '…'}</strong>
      </p>
      <SignInCard />
      <h2 className="section-page__sub">{t('credit.details')}</h2>
      <FilterTabs label={t('credit.filter')} values={KINDS} value={kind} onChange={(k) => go(k)} text={(k) => t(`credit.kinds.${k}`)} />
      <PagedList<ScoreItem>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go(kind, p)}
        render={(i) => <ScoreRow key={i.id} item={i} />}
        className="section-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={t('credit.empty')}
        testId="score-list"
      />
    </>
  );
}
