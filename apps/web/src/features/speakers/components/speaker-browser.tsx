import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { HOSPITAL_PAGE_SIZE, SPEAKER_PAGE_SIZE, useHospitals, useSpeakerList } from '../api/speakers';
import { Pager } from '../../../shared/ui/pager';
import { RegionSelect } from './region-select';

/** A positive integer from a query parameter, or undefined. */
const idParam = (value: string | null): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Hospitals of the chosen region (all of them when none is chosen) as a labelled select. */
function HospitalSelect({ regionId, value, onChange }: { regionId: number | undefined; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('speaker');
  const id = useId();
  const hospitals = useHospitals(regionId, 1, HOSPITAL_PAGE_SIZE);
  return (
    <span className="speaker-filter">
      <label htmlFor={id}>{t('browser.hospital')}</label>
      <select
        id={id}
        value={value ?? ''}
        data-testid="browser-hospital"
        disabled={hospitals.isPending}
        aria-busy={hospitals.isFetching}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">{t('browser.allHospitals')}</option>
        {hospitals.data?.items.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * Find speakers by region and hospital (on the followed-speakers page). Filters live in the URL
 * (`?region=&hospital=`) so a reload or a shared link keeps them; a new filter starts at page 1.
 */
export function SpeakerBrowser() {
  const { t } = useTranslation('speaker');
  const [search, setSearch] = useSearchParams();
  const regionId = idParam(search.get('region'));
  const hospitalId = idParam(search.get('hospital'));
  const [page, setPage] = useState(1);
  const query = useSpeakerList({ regionId, hospitalId }, page);
  const update = (next: { region?: number | undefined; hospital?: number | undefined }) => {
    setPage(1);
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined) params.delete(key);
          else params.set(key, String(value));
        }
        return params;
      },
      // At once, not in a transition: a hospital chosen right after the region keeps the region.
      { replace: true, preventScrollReset: true, flushSync: true },
    );
  };
  const unknown = query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND;
  return (
    <section className="speaker-browser" aria-labelledby="speaker-browser-heading" data-testid="speaker-browser">
      <h2 id="speaker-browser-heading" className="region-hospitals__heading">
        {t('browser.heading')}
      </h2>
      <div className="speaker-filters">
        {/* A new region clears the hospital: it may not be in that region. */}
        <RegionSelect value={regionId} onChange={(region) => update({ region, hospital: undefined })} testId="browser-region" />
        <HospitalSelect regionId={regionId} value={hospitalId} onChange={(hospital) => update({ hospital })} />
      </div>
      {query.isPending ? (
        <div aria-busy="true" aria-label={t('list.loading')}>
          <Skeleton height={120} />
        </div>
      ) : unknown ? (
        <p className="speaker-list__empty" role="status">
          {t('browser.unknown')}
        </p>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="speaker-list__empty" role="status">
          {t('browser.empty')}
        </p>
      ) : (
        <>
          <p className="speaker-row__meta" role="status">
            {t('browser.count', { n: query.data.total })}
          </p>
          <ul className="speaker-grid" data-testid="browser-speakers" aria-busy={query.isFetching}>
            {query.data.items.map((s) => (
              <li key={s.id} className="speaker-tile">
                <Link to={paths.speakerDetail.getHref(s.id)} className="speaker-tile__link">
                  <Image src={s.avatar} alt="" className="speaker-tile__avatar" />
                  <span className="speaker-tile__name">{s.name}</span>
                  <span className="speaker-tile__meta">{s.title}</span>
                  {s.hospital ? <span className="speaker-tile__meta">{s.hospital.name}</span> : null}
                  {s.is_follow ? <span className="speaker-tile__badge">{t('follow.following')}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={SPEAKER_PAGE_SIZE} total={query.data.total} onChange={setPage} />
        </>
      )}
    </section>
  );
}
