import { useTranslate } from '@refinedev/core';
import { CreateButton, DateField, EditButton } from '@refinedev/antd';
import { Form, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CrudFilter } from '@refinedev/core';
import type { PublicationState } from '@medportal/contract';
import { BilingualText } from '../../components/bilingual-input';
import { ConsoleList } from '../../components/list-page';
import { PublicationTag } from '../../components/publication-tag';
import { RangeField } from '../../components/range-field';

interface LiveRow {
  id: number;
  title_zh: string;
  title_en: string | null;
  start_at: string;
  end_at: string;
  state: PublicationState;
  published_at: string | null;
  live_state: 'upcoming' | 'live' | 'ended' | 'replay';
  organizer: { id: number; name: string } | null;
}

const LIVE_COLOURS = { upcoming: 'blue', live: 'red', ended: 'default', replay: 'green' } as const;

function liveFilters(values: Record<string, unknown>): CrudFilter[] {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  return [
    { field: 'q', operator: 'eq', value: values.q || undefined },
    { field: 'state', operator: 'eq', value: values.state || undefined },
    { field: 'live_state', operator: 'eq', value: values.live_state || undefined },
    { field: 'from', operator: 'eq', value: range?.[0]?.startOf('day').toISOString() },
    { field: 'to', operator: 'eq', value: range?.[1]?.endOf('day').toISOString() },
  ];
}

/** Lives: search, publication and live state, start dates; publish or take offline in bulk. */
export function LivesList() {
  const t = useTranslate();
  return (
    <ConsoleList<LiveRow>
      resource="lives"
      toFilters={liveFilters}
      headerButtons={<CreateButton resource="lives">{t('lives.create')}</CreateButton>}
      bulkActions={[
        { action: 'publish', label: t('publish.now') },
        { action: 'offline', label: t('publish.offline'), danger: true },
      ]}
      filters={
        <>
          <Form.Item name="state">
            <Select
              allowClear
              aria-label={t('common.status')}
              placeholder={t('common.status')}
              style={{ width: 140 }}
              options={(['draft', 'scheduled', 'published', 'offline'] as const).map((s) => ({ value: s, label: t(`publication.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="live_state">
            <Select
              allowClear
              aria-label={t('lives.liveState')}
              placeholder={t('lives.liveState')}
              style={{ width: 140 }}
              options={(['upcoming', 'live', 'ended'] as const).map((s) => ({ value: s, label: t(`lives.states.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="range">
            <RangeField label={t('lives.startRange')} />
          </Form.Item>
        </>
      }
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        { title: t('lives.title'), dataIndex: 'title_zh', render: (_: string, r) => <BilingualText zh={r.title_zh} en={r.title_en} /> },
        { title: t('lives.start'), dataIndex: 'start_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
        { title: t('lives.liveState'), dataIndex: 'live_state', render: (v: LiveRow['live_state']) => <Tag color={LIVE_COLOURS[v]}>{t(`lives.states.${v}`)}</Tag> },
        { title: t('common.status'), dataIndex: 'state', render: (v: PublicationState, r) => <PublicationTag state={v} publishedAt={r.published_at} /> },
        { title: t('lives.organizer'), dataIndex: 'organizer', render: (v: LiveRow['organizer']) => v?.name ?? t('common.none') },
        { title: t('common.actions'), dataIndex: 'id', render: (id: number) => <EditButton resource="lives" recordItemId={id} size="small" /> },
      ]}
    />
  );
}
