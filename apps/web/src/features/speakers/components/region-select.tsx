import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Region } from '@medportal/contract';
import { useRegions } from '../api/speakers';

/** Cities are indented under their province or country (the server sends parents first). */
const indented = (region: Region): string => (region.parent_id === null ? region.name : `\u3000${region.name}`);

/** A labelled `<select>` of every region, with "all regions" first. */
export function RegionSelect({
  value,
  onChange,
  testId,
}: {
  value: number | undefined;
  onChange: (regionId: number | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation('speaker');
  const id = useId();
  const regions = useRegions();
  return (
    <span className="speaker-filter">
      <label htmlFor={id}>{t('region.label')}</label>
      <select
        id={id}
        value={value ?? ''}
        data-testid={testId}
        disabled={regions.isPending}
        aria-busy={regions.isPending}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">{t('region.all')}</option>
        {regions.data?.items.map((r) => (
          <option key={r.id} value={r.id}>
            {t('region.option', { name: indented(r), n: r.hospital_count })}
          </option>
        ))}
      </select>
      {regions.isError ? (
        <button type="button" className="button" onClick={() => void regions.refetch()}>
          {t('region.retry')}
        </button>
      ) : null}
    </span>
  );
}
