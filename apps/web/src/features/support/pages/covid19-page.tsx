import { Trans, useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../shared/i18n';
import { queryClient } from '../../../shared/query-client';
import { currentLanguage } from '../../../shared/i18n';
import { covid19QueryOptions, useCovid19 } from '../api/support';
import { ChinaMap } from './china-map';
import '../support.css';

export async function loader(): Promise<null> {
  queryClient.ensureQueryData(covid19QueryOptions(currentLanguage())).catch(() => undefined);
  await loadNamespaces('support');
  return null;
}

/** Colour steps by confirmed cases (upper bounds). */
const STEPS: ReadonlyArray<[number, string]> = [
  [0, '#f1f5f9'],
  [99, '#fee2e2'],
  [499, '#fca5a5'],
  [999, '#f87171'],
  [9999, '#dc2626'],
  [Number.POSITIVE_INFINITY, '#7f1d1d'],
];
const colour = (n: number) => (STEPS.find(([max]) => n <= max) ?? STEPS[STEPS.length - 1])?.[1] ?? '#7f1d1d';

/** `/covid19`: confirmed cases by province on a map of China, the totals and a table for screen readers. */
function Covid19Page() {
  const { t, i18n } = useTranslation('support');
  const q = useCovid19();
  const num = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'zh-CN');
  if (q.isPending) return <div className="container covid-page" aria-busy="true">{t('covid.loading')}</div>;
  if (q.isError) {
    return (
      <div className="container covid-page" role="alert">
        <p>{t('covid.error')}</p>
        <button type="button" className="button" onClick={() => void q.refetch()}>
          {t('covid.retry')}
        </button>
      </div>
    );
  }
  const d = q.data;
  return (
    <div className="container covid-page" data-covid>
      <h1>{t('covid.heading')}</h1>
      <p>{t('covid.asOf', { date: d.as_of })}</p>
      {d.is_demo ? <p className="covid-demo">{t('covid.demo')}</p> : null}
      <div className="covid-totals">
        {(['confirmed', 'current', 'cured', 'deaths'] as const).map((k) => (
          <div key={k}>
            <strong>{num.format(d.totals[k])}</strong>
            {t(`covid.${k}`)}
          </div>
        ))}
      </div>
      <ChinaMap provinces={d.provinces} colour={colour} format={(n) => num.format(n)} />
      <ul className="covid-legend" aria-label={t('covid.legend')}>
        {STEPS.map(([max, c], i) => (
          <li key={c}>
            <span style={{ background: c }} aria-hidden="true" />
            {i === 0 ? '0' : Number.isFinite(max) ? `${num.format((STEPS[i - 1]?.[0] ?? 0) + 1)}–${num.format(max)}` : `> ${num.format(STEPS[i - 1]?.[0] ?? 0)}`}
          </li>
        ))}
      </ul>
      {/* On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too. */}
      <div className="covid-table-wrap" tabIndex={0} role="region" aria-label={t('covid.tableCaption', { date: d.as_of })}>
        <table className="covid-table">
          <caption>{t('covid.tableCaption', { date: d.as_of })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('covid.province')}</th>
              <th scope="col">{t('covid.confirmed')}</th>
              <th scope="col">{t('covid.current')}</th>
              <th scope="col">{t('covid.cured')}</th>
              <th scope="col">{t('covid.deaths')}</th>
            </tr>
          </thead>
          <tbody>
            {[...d.provinces].sort((a, b) => b.confirmed - a.confirmed).map((p) => (
              <tr key={p.code}>
                <th scope="row">{p.name}</th>
                <td>{num.format(p.confirmed)}</td>
                <td>{num.format(p.current)}</td>
                <td>{num.format(p.cured)}</td>
                <td>{num.format(p.deaths)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="covid-note">
        {t('covid.source', { source: d.source })}{' '}
        <Trans
          t={t}
          i18nKey="covid.mapCredit"
          components={{
            pkg: (
              <a href="https://github.com/VictorCazanave/svg-maps/tree/master/packages/china" rel="noopener noreferrer" target="_blank">
                @svg-maps/china
              </a>
            ),
            licence: (
              <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer license" target="_blank">
                CC BY 4.0
              </a>
            ),
          }}
        />
      </p>
    </div>
  );
}

export const Component = Covid19Page;
