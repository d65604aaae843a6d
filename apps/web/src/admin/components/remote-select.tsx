import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';

export interface RemoteOption {
  value: number;
  label: string;
}

/** Where a picker finds its choices: a search by typed text, and the labels of chosen ids. */
export interface RemoteSource {
  /** Cache key of the source (e.g. `hospitals`). */
  key: string;
  search: (q: string) => Promise<RemoteOption[]>;
  resolve: (ids: number[]) => Promise<RemoteOption[]>;
}

export interface RemoteSelectProps {
  source: RemoteSource;
  id?: string;
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  multiple?: boolean;
  disabled?: boolean;
  allowClear?: boolean;
  'aria-label'?: string;
}

const SEARCH_DELAY_MS = 250;

/**
 * A picker of rows the server holds (a hospital, an album, tags…): the operator types part of a
 * name and chooses, instead of knowing an id. The chosen rows' names are fetched by id, so an
 * edit form shows names, not numbers.
 */
export function RemoteSelect({ source, id, value, onChange, multiple = false, disabled, allowClear = true, ...rest }: RemoteSelectProps) {
  const t = useTranslate();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const found = useQuery({ queryKey: ['remote-select', source.key, 'search', q], queryFn: () => source.search(q), staleTime: 30_000 });
  const named = useQuery({
    queryKey: ['remote-select', source.key, 'ids', [...chosen].sort((a, b) => a - b).join(',')],
    queryFn: () => source.resolve(chosen),
    enabled: chosen.length > 0,
    staleTime: 60_000,
  });

  // The chosen rows first (with their names once known), then what the search found.
  const options = new Map<number, RemoteOption>();
  for (const v of chosen) options.set(v, named.data?.find((o) => o.value === v) ?? { value: v, label: `#${v}` });
  for (const o of found.data ?? []) if (!options.has(o.value)) options.set(o.value, o);

  return (
    <Select<number | number[]>
      id={id}
      aria-label={rest['aria-label']}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear={allowClear}
      disabled={disabled}
      value={multiple ? chosen : (chosen[0] ?? null)}
      filterOption={false}
      onSearch={setTyped}
      onChange={(v) => onChange?.(v ?? null)}
      onBlur={() => setTyped('')}
      options={[...options.values()]}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : found.isError ? t('common.error') : t('common.noMatch')}
      placeholder={t('common.searchToPick')}
      style={{ width: '100%', maxWidth: 480 }}
    />
  );
}
