import { useCustom, useInvalidate, useTranslate, useGetLocale } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Alert, Card, Form, Progress, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import type { AdminMediaItem, MediaStatusData } from '@medportal/contract/admin-media';
import { ConsoleList } from '../../components/list-page';
import { MediaUpload } from './media-upload';

export const STATUS_COLORS: Record<AdminMediaItem['status'], string> = { uploaded: 'default', transcoding: 'processing', ready: 'success', failed: 'error' };

export const formatDuration = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
export const formatBytes = (n: number | null) =>
  n === null ? '—' : n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/** Whether the server can transcode; the banner when it cannot. */
export function useMediaStatus() {
  const { query } = useCustom<MediaStatusData>({ url: '/v1/admin/media/status', method: 'get', queryOptions: { refetchInterval: 30_000 } });
  return query.data?.data ?? null;
}

export function FfmpegBanner({ status }: { status: MediaStatusData | null }) {
  const t = useTranslate();
  if (!status || status.ffmpeg.available) return null;
  return <Alert type="error" showIcon data-testid="ffmpeg-missing" message={t('media.ffmpegMissing')} style={{ marginBottom: 16 }} />;
}

export function MediaStatusTag({ item }: { item: Pick<AdminMediaItem, 'status' | 'progress' | 'error'> }) {
  const t = useTranslate();
  const lang = useGetLocale()() === 'en' ? 'en' : 'zh';
  if (item.status === 'transcoding') return <Progress percent={item.progress} size="small" style={{ width: 140 }} status="active" />;
  const tag = <Tag color={STATUS_COLORS[item.status]}>{t(`media.statuses.${item.status}`)}</Tag>;
  return item.error ? <Tooltip title={item.error[lang]}>{tag}</Tooltip> : tag;
}

/** The library: upload (tus), the list with status and progress (refreshed while anything transcodes). */
export function MediaListPage() {
  const t = useTranslate();
  const lang = useGetLocale()() === 'en' ? 'en' : 'zh';
  const invalidate = useInvalidate();
  const status = useMediaStatus();
  // Anything waiting or transcoding? Then the list is refreshed every few seconds.
  const { query: busy } = useCustom<{ total: number }>({
    url: '/v1/admin/media',
    method: 'get',
    config: { query: { status: 'transcoding', page_size: 1 } },
    queryOptions: { refetchInterval: 3000 },
  });
  const { query: waiting } = useCustom<{ total: number }>({
    url: '/v1/admin/media',
    method: 'get',
    config: { query: { status: 'uploaded', page_size: 1 } },
    queryOptions: { refetchInterval: 3000 },
  });
  const active = (busy.data?.data.total ?? 0) + (waiting.data?.data.total ?? 0) > 0;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void invalidate({ resource: 'media', invalidates: ['list'] }), 2000);
    return () => clearInterval(timer);
  }, [active, invalidate]);
  const uploaded = useCallback(() => {
    void invalidate({ resource: 'media', invalidates: ['list'] });
    void busy.refetch();
    void waiting.refetch();
  }, [invalidate, busy, waiting]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <FfmpegBanner status={status} />
      <Card
        title={t('media.upload')}
        extra={status?.ffmpeg.available ? <Typography.Text type="secondary">{t('media.ffmpegOk', { version: status.ffmpeg.version ?? '' })}</Typography.Text> : null}
      >
        <Typography.Paragraph type="secondary">{t('media.uploadHint')}</Typography.Paragraph>
        {status ? <MediaUpload endpoint={status.tus_path} maxBytes={status.upload_max_bytes} lang={lang} onUploaded={uploaded} /> : null}
      </Card>
      <ConsoleList<AdminMediaItem>
        resource="media"
        title={t('media.title')}
        filters={
          <Form.Item name="status">
            <Select
              allowClear
              aria-label={t('common.status')}
              placeholder={t('media.statusAny')}
              style={{ width: 160 }}
              options={(['uploaded', 'transcoding', 'ready', 'failed'] as const).map((s) => ({ value: s, label: t(`media.statuses.${s}`) }))}
            />
          </Form.Item>
        }
        columns={[
          {
            title: t('media.name'),
            dataIndex: 'title',
            render: (v: string, row) => (
              <Link to={`/media/${row.id}`} data-testid={`media-row-${row.id}`}>
                {v}
              </Link>
            ),
          },
          { title: t('common.status'), dataIndex: 'status', render: (_: unknown, row) => <MediaStatusTag item={row} /> },
          { title: t('media.duration'), dataIndex: 'duration_s', render: (v: number, row) => (row.status === 'ready' ? formatDuration(v) : '—') },
          { title: t('media.size'), dataIndex: 'size_bytes', render: (v: number | null) => formatBytes(v) },
          { title: t('media.bindings'), dataIndex: 'bindings' },
          { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
        ]}
      />
    </Space>
  );
}
