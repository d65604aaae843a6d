import { useCustomMutation, useInvalidate, useTranslate } from '@refinedev/core';
import { Button, DatePicker, Modal, Popconfirm, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { PublicationState } from '@medportal/contract';

export interface PublishControlProps {
  /** The item's API path, e.g. `/v1/admin/news/12`: publishing is `POST <path>/publish {at}`, taking offline `POST <path>/offline`. */
  path: string;
  state: PublicationState;
  /** The refine resource whose lists and record to refresh afterwards. */
  resource?: string;
  onDone?: () => void;
}

/**
 * Publish now, publish at a chosen instant (a scheduled publication, decision 0062) or take
 * offline, each one call to the item's API.
 */
export function PublishControl({ path, state, resource, onDone }: PublishControlProps) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation();
  const [scheduling, setScheduling] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);

  const call = (url: string, values: Record<string, unknown>, success: string) =>
    mutate(
      { url, method: 'post', values, successNotification: () => ({ type: 'success', message: success }) },
      {
        onSuccess: () => {
          if (resource) void invalidate({ resource, invalidates: ['list', 'detail'] });
          setScheduling(false);
          onDone?.();
        },
      },
    );

  const live = state === 'published' || state === 'scheduled' || state === 'unlisted';
  return (
    <Space wrap>
      <Button type="primary" loading={mutation.isPending} disabled={state === 'published'} onClick={() => call(`${path}/publish`, { at: null }, t('publish.published'))}>
        {t('publish.now')}
      </Button>
      <Button onClick={() => setScheduling(true)}>{t('publish.schedule')}</Button>
      {live ? (
        <Popconfirm title={t('publish.offlineConfirm')} onConfirm={() => call(`${path}/offline`, {}, t('publish.tookOffline'))}>
          <Button danger>{t('publish.offline')}</Button>
        </Popconfirm>
      ) : null}
      <Modal
        open={scheduling}
        title={t('publish.schedule')}
        okButtonProps={{ disabled: !at, loading: mutation.isPending }}
        onOk={() => at && call(`${path}/publish`, { at: at.toISOString() }, t('publish.scheduled', { at: at.format('YYYY-MM-DD HH:mm') }))}
        onCancel={() => setScheduling(false)}
      >
        <DatePicker
          aria-label={t('publish.scheduleAt')}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Modal>
    </Space>
  );
}
