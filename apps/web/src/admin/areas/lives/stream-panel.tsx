import { useCustom, useCustomMutation, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';

interface StreamData {
  provider: string;
  server: string;
  stream_key: string;
  url: string;
  expires_at: string;
  rotated_at: string | null;
  playback_hls: string;
  live_state: 'upcoming' | 'live' | 'ended' | 'replay';
  has_replay: boolean;
  stream_recording: boolean;
  replay_attached: boolean;
}

/** A secret shown as dots until asked, with a copy button. */
function Secret({ value, label }: { value: string; label: string }) {
  const t = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input aria-label={label} readOnly value={shown ? value : '•'.repeat(24)} data-testid={`secret-${label}`} />
      <Button onClick={() => setShown((s) => !s)}>{shown ? t('lives.stream.hide') : t('lives.stream.show')}</Button>
      <Typography.Text copyable={{ text: value, tooltips: [t('common.copy'), t('common.copied')] }} style={{ padding: '4px 8px' }} />
    </Space.Compact>
  );
}

/**
 * The live's stream (decision record 0066): push server and key (hidden until shown, copyable), the
 * key's expiry and its replacement, the playback URL, start and end, and the replay.
 */
export function StreamPanel({ liveId, published, onChanged }: { liveId: number; published: boolean; onChanged: () => void }) {
  const t = useTranslate();
  const path = `/v1/admin/lives/${liveId}`;
  const { query } = useCustom<StreamData>({ url: `${path}/stream`, method: 'get' });
  const { mutate, mutation } = useCustomMutation();
  const s = query.data?.data;
  const post = (url: string, values: Record<string, unknown>, message: string) =>
    mutate(
      { url, method: 'post', values, successNotification: () => ({ type: 'success', message }) },
      {
        onSuccess: () => {
          void query.refetch();
          onChanged();
        },
      },
    );
  if (!s) return <Card title={t('lives.stream.title')} loading />;
  return (
    <Card title={t('lives.stream.title')} extra={<Tag>{s.provider}</Tag>} data-testid="stream-panel">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('lives.stream.server')}>
          <Typography.Text copyable data-testid="push-server">
            {s.server}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('lives.stream.key')}>
          <Secret value={s.stream_key} label={t('lives.stream.key')} />
        </Descriptions.Item>
        <Descriptions.Item label={t('lives.stream.url')}>
          <Secret value={s.url} label={t('lives.stream.url')} />
        </Descriptions.Item>
        <Descriptions.Item label={t('lives.stream.expires')}>
          {dayjs(s.expires_at).format('YYYY-MM-DD HH:mm')}
          {s.rotated_at ? (
            <Typography.Text type="secondary"> · {t('lives.stream.rotatedAt', { at: dayjs(s.rotated_at).format('YYYY-MM-DD HH:mm') })}</Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('lives.stream.playback')}>
          <Typography.Text copyable ellipsis style={{ maxWidth: 520 }}>
            {s.playback_hls}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }}>
        <Popconfirm title={t('lives.stream.rotateConfirm')} onConfirm={() => post(`${path}/stream/rotate`, {}, t('lives.stream.rotated'))}>
          <Button loading={mutation.isPending}>{t('lives.stream.rotate')}</Button>
        </Popconfirm>
        <Popconfirm title={t('lives.stream.startConfirm')} onConfirm={() => post(`${path}/status`, { action: 'start' }, t('lives.stream.started'))} disabled={!published || s.live_state !== 'upcoming'}>
          <Button type="primary" disabled={!published || s.live_state !== 'upcoming'}>
            {t('lives.stream.start')}
          </Button>
        </Popconfirm>
        <Popconfirm title={t('lives.stream.endConfirm')} onConfirm={() => post(`${path}/status`, { action: 'end' }, t('lives.stream.ended'))} disabled={!published || s.live_state !== 'live'}>
          <Button danger disabled={!published || s.live_state !== 'live'}>
            {t('lives.stream.end')}
          </Button>
        </Popconfirm>
      </Space>
      {!published ? <Alert style={{ marginTop: 12 }} type="info" message={t('lives.stream.publishFirst')} /> : null}
      {s.live_state === 'ended' || s.live_state === 'replay' ? (
        <Space style={{ marginTop: 16 }} align="center">
          <Switch
            checked={s.has_replay}
            loading={mutation.isPending}
            aria-label={t('lives.stream.replay')}
            onChange={(on) => post(`${path}/replay`, { available: on, use_stream_recording: on && !s.replay_attached && s.stream_recording }, t('lives.stream.replaySaved'))}
          />
          <span>{t('lives.stream.replay')}</span>
          <Typography.Text type="secondary">
            {s.replay_attached ? t('lives.stream.replayFile') : s.stream_recording ? t('lives.stream.replayFromStream') : t('lives.stream.noRecording')}
          </Typography.Text>
        </Space>
      ) : null}
    </Card>
  );
}
