import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HospitalCard, PlaceRegion } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { isApiError } from '../../../shared/api-client';
import { ActionLink } from '../../../shared/ui/action-link';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useHospitals } from '../api/speakers';
import { Pager } from '../../../shared/ui/pager';
import { RegionSelect } from './region-select';

const PAGE_SIZE = 8;

/** "Guangdong · Guangzhou", or just "Beijing". */
export const regionText = (region: PlaceRegion): string => (region ? (region.parent ? `${region.parent.name} · ${region.name}` : region.name) : '');

function HospitalTile({ hospital, current }: { hospital: HospitalCard; current: boolean }) {
  const { t } = useTranslation('speaker');
  const body = (
    <>
      <Image src={hospital.logo} alt="" className="hospital-tile__logo" />
      <span className="hospital-tile__body">
        <span className="hospital-tile__name">{hospital.name}</span>
        <span className="speaker-row__meta">{regionText(hospital.region)}</span>
        <span className="speaker-row__meta">{t('hospitals.counts', { speakers: hospital.counts.speakers, courses: hospital.counts.courses })}</span>
        {current ? <span className="hospital-tile__current">{t('hospitals.current')}</span> : null}
      </span>
    </>
  );
  return (
    <li className={`hospital-tile${current ? ' hospital-tile--current' : ''}`}>
      {current ? (
        <div className="hospital-tile__link" aria-current="page">
          {body}
        </div>
      ) : (
        <ActionLink action={hospital.action} className="hospital-tile__link">
          {body}
        </ActionLink>
      )}
    </li>
  );
}

/**
 * On a hospital's page: the hospitals of its province (or municipality, or country), with a region
 * selector to look elsewhere. The chosen region lives in `?region=` so a reload keeps it.
 */
export function RegionHospitals({ hospitalId, region }: { hospitalId: number; region: PlaceRegion }) {
  const { t } = useTranslation('speaker');
  const [search, setSearch] = useSearchParams();
  const fromUrl = Number(search.get('region'));
  const fallback = region ? (region.parent?.id ?? region.id) : undefined;
  const regionId = search.get('region') === 'all' ? undefined : Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : fallback;
  const [page, setPage] = useState(1);
  const query = useHospitals(regionId, page, PAGE_SIZE);
  const choose = (id: number | undefined) => {
    setPage(1);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('region', id === undefined ? 'all' : String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <section className="region-hospitals" aria-labelledby="region-hospitals-heading" data-testid="region-hospitals">
      <div className="region-hospitals__head">
        <h2 id="region-hospitals-heading" className="region-hospitals__heading">
          {t('hospitals.heading')}
        </h2>
        <RegionSelect value={regionId} onChange={choose} testId="region-select" />
      </div>
      {query.isPending ? (
        <div aria-busy="true" aria-label={t('list.loading')}>
          <Skeleton height={88} />
        </div>
      ) : query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND ? (
        <p className="speaker-list__empty" role="status">
          {t('browser.unknown')}
        </p>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="speaker-list__empty" role="status">
          {t('hospitals.empty')}
        </p>
      ) : (
        <>
          <ul className="hospital-grid" data-testid="region-hospital-list" aria-busy={query.isFetching}>
            {query.data.items.map((h) => (
              <HospitalTile key={h.id} hospital={h} current={h.id === hospitalId} />
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
        </>
      )}
    </section>
  );
}
