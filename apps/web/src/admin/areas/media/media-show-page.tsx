import { useCustom, useCustomMutation, useGetLocale, useInvalidate, useNavigation, useTranslate } from '@refinedev/core';
import { App, Alert, Button, Card, Col, Descriptions, Form, Image, Input, List, Modal, Popconfirm, Row, Select, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { AdminCourse } from '@medportal/contract/admin-courses';
import type { AdminMediaDetail } from '@medportal/contract/admin-media';
import { useQuery } from '@tanstack/react-query';
import { RemoteSelect } from '../../components/remote-select';
import { catalogSource } from '../../components/remote-sources';
import { consoleRequest, consoleUpload, isHttpError } from '../../providers/http';
import { FfmpegBanner, formatBytes, formatDuration, MediaStatusTag, useMediaStatus } from './media-list-page';
import { MediaPlayer } from './media-player';

type TargetType = 'chapter' | 'replay' | 'selected';

/**
 * What the asset attaches to, picked by name: a chapter of a course (the course first), a live,
 * or a channel item.
 */
function AttachTarget({ lang }: { lang: 'zh' | 'en' }) {
  const t = useTranslate();
  const form = Form.useFormInstance();
  const type = Form.useWatch<TargetType | undefined>('target_type', form) ?? 'chapter';
  const courseId = Form.useWatch<number | null | undefined>('course_id', form) ?? null;
  const course = useQuery({
    queryKey: ['media-attach', 'course', courseId],
    queryFn: () => consoleRequest<AdminCourse>('GET', `/v1/admin/courses/${courseId}`),
    enabled: type === 'chapter' && courseId !== null,
  });
  if (type === 'chapter') {
    return (
      <>
        <Form.Item name="course_id" label={t('media.course')} rules={[{ required: true }]}>
          <RemoteSelect source={catalogSource('courses', 'title', lang)} onChange={(v) => form.setFieldsValue({ course_id: v, target_id: undefined })} />
        </Form.Item>
        <Form.Item name="target_id" label={t('media.chapter')} rules={[{ required: true }]}>
          <Select
            disabled={courseId === null}
            loading={course.isFetching}
            options={(course.data?.chapters_list ?? []).map((c, i) => ({ value: c.id, label: `${i + 1}. ${lang === 'en' && c.title_en ? c.title_en : c.title_zh}` }))}
            style={{ width: '100%', maxWidth: 480 }}
          />
        </Form.Item>
      </>
    );
  }
  return (
    <Form.Item name="target_id" label={type === 'replay' ? t('media.live') : t('media.channelItem')} rules={[{ required: true }]}>
      <RemoteSelect key={type} source={type === 'replay' ? catalogSource('lives', 'title', lang) : catalogSource('selected_videos', 'title', lang)} />
    </Form.Item>
  );
}

/** One asset: playback, title, subtitles, poster, what it is attached to. */
export function MediaShowPage() {
  const t = useTranslate();
  const lang = useGetLocale()() === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const { id } = useParams();
  const path = `/v1/admin/media/${id}`;
  const status = useMediaStatus();
  const invalidate = useInvalidate();
  const { list } = useNavigation();
  const { query } = useCustom<AdminMediaDetail>({
    url: path,
    method: 'get',
    queryOptions: {
      // Polled until the transcode ends.
      refetchInterval: (q) => {
        const s = (q.state.data as { data?: AdminMediaDetail } | undefined)?.data?.status;
        return s === 'ready' || s === 'failed' ? false : 2000;
      },
    },
  });
  const asset = query.data?.data;
  const { mutateAsync } = useCustomMutation();
  const [attachOpen, setAttachOpen] = useState(false);
  const [form] = Form.useForm<{ target_type: TargetType; target_id: number }>();

  const refresh = () => {
    void query.refetch();
    void invalidate({ resource: 'media', invalidates: ['list'] });
  };
  /** Runs a change, then says so (or shows the server's message) and reloads the asset. */
  const run = (fn: () => Promise<unknown>, done?: string): void => {
    fn().then(
      () => {
        if (done) void message.success(done);
        refresh();
      },
      (e: unknown) => void message.error(isHttpError(e) ? e.message : String(e)),
    );
  };
  const call = (url: string, method: 'post' | 'put' | 'delete', values: Record<string, unknown> = {}) =>
    mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
  const upload = (url: string) => (file: File) => {
    run(() => {
      const body = new FormData();
      body.append('file', file);
      return consoleUpload(url, body);
    }, t('media.saved'));
  };

  if (!asset) return <Card loading />;
  const ready = asset.status === 'ready';
  const attach = async () => {
    const v = await form.validateFields();
    run(
      () =>
        v.target_type === 'replay'
          ? call(`/v1/admin/lives/${v.target_id}/replay`, 'put', { asset_id: asset.id })
          : call(`${path}/bindings`, 'post', { target_type: v.target_type, target_id: v.target_id }),
      t('media.attached'),
    );
    setAttachOpen(false);
  };
  const detach = (type: string, targetId: number) => {
    run(() => (type === 'replay' ? call(`/v1/admin/lives/${targetId}/replay`, 'delete') : call(`${path}/bindings/${type}/${targetId}`, 'delete')));
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <FfmpegBanner status={status} />
      <Card
        title={
          <Space>
            <span data-testid="media-title">{asset.title}</span>
            <span data-testid="media-status" data-status={asset.status}>
              <MediaStatusTag item={asset} />
            </span>
          </Space>
        }
        extra={
          <Space>
            {asset.status === 'failed' ? <Button onClick={() => run(() => call(`${path}/retry`, 'post'))}>{t('media.retry')}</Button> : null}
            <Popconfirm title={t('media.deleteConfirm')} onConfirm={() =>
                run(async () => {
                  await call(path, 'delete');
                  list('media');
                })
              }>
              <Button danger>{t('media.delete')}</Button>
            </Popconfirm>
          </Space>
        }
      >
        {asset.error ? <Alert type="error" showIcon message={asset.error[lang]} style={{ marginBottom: 16 }} /> : null}
        <Row gutter={24}>
          <Col xs={24} lg={14}>
            {asset.media ? <MediaPlayer media={asset.media} /> : <Alert type="info" message={t('media.notReady')} />}
          </Col>
          <Col xs={24} lg={10}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('media.file')}>{asset.original_filename ?? asset.key}</Descriptions.Item>
              <Descriptions.Item label={t('media.duration')}>{ready ? formatDuration(asset.duration_s) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('media.size')}>{formatBytes(asset.size_bytes)}</Descriptions.Item>
              <Descriptions.Item label={t('media.renditions')}>
                {asset.renditions.map((r) => (
                  <Tag key={r.name}>
                    {r.name} {r.width}×{r.height} {Math.round(r.bandwidth / 1000)} kb/s
                  </Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
            <Form layout="inline" initialValues={{ title: asset.title }} key={asset.updated_at} onFinish={(v: { title: string }) => run(() => call(path, 'put', { title: v.title, updated_at: asset.updated_at }), t('media.renamed'))}>
              <Form.Item name="title" rules={[{ required: true, max: 200 }]}>
                <Input aria-label={t('media.name')} style={{ width: 260 }} />
              </Form.Item>
              <Button htmlType="submit">{t('media.rename')}</Button>
            </Form>
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('media.subtitles')} size="small">
            <Space direction="vertical">
              {(['zh', 'en'] as const).map((l) => (
                <Space key={l}>
                  <Upload accept=".vtt,text/vtt" showUploadList={false} disabled={!ready} beforeUpload={(file) => (upload(`${path}/subtitles/${l}`)(file), false)}>
                    <Button icon={<UploadOutlined />} disabled={!ready}>
                      {t('media.subtitleUpload', { lang: l === 'zh' ? '中文' : 'English' })}
                    </Button>
                  </Upload>
                  {asset.subtitles.includes(l) ? (
                    <Button type="link" danger onClick={() => run(() => call(`${path}/subtitles/${l}`, 'delete'))}>
                      {t('media.subtitleRemove', { lang: l === 'zh' ? '中文' : 'English' })}
                    </Button>
                  ) : null}
                </Space>
              ))}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('media.poster')} size="small">
            <Space align="start">
              {asset.media ? <Image src={asset.media.poster} width={160} alt="" /> : null}
              <Upload accept="image/jpeg,image/png" showUploadList={false} disabled={!ready} beforeUpload={(file) => (upload(`${path}/poster`)(file), false)}>
                <Button icon={<UploadOutlined />} disabled={!ready}>
                  {t('media.posterUpload')}
                </Button>
              </Upload>
            </Space>
          </Card>
        </Col>
      </Row>
      <Card
        title={t('media.bindings')}
        size="small"
        extra={
          <Button type="primary" disabled={!ready} onClick={() => setAttachOpen(true)} data-testid="media-attach">
            {t('media.attach')}
          </Button>
        }
      >
        <List
          dataSource={asset.bindings_list}
          locale={{ emptyText: t('media.noBindings') }}
          renderItem={(b) => (
            <List.Item
              actions={[
                <Button key="detach" type="link" danger onClick={() => detach(b.target_type, b.target_id)}>
                  {t('media.detach')}
                </Button>,
              ]}
            >
              <Space>
                <Tag>{t(`media.attach${b.target_type === 'chapter' ? 'Chapter' : b.target_type === 'replay' ? 'Replay' : 'Selected'}`)}</Tag>
                <Typography.Text data-testid={`binding-${b.target_type}-${b.target_id}`}>
                  #{b.target_id} {b.label ?? ''}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
      <Modal open={attachOpen} title={t('media.attach')} onCancel={() => setAttachOpen(false)} onOk={() => void attach()} okText={t('media.attachConfirm')} cancelText={t('common.cancel')}>
        <Form form={form} layout="vertical" initialValues={{ target_type: 'chapter' }}>
          <Form.Item name="target_type" label={t('media.targetType')}>
            <Select
              onChange={() => form.setFieldsValue({ target_id: undefined })}
              options={[
                { value: 'chapter', label: t('media.attachChapter') },
                { value: 'replay', label: t('media.attachReplay') },
                { value: 'selected', label: t('media.attachSelected') },
              ]}
            />
          </Form.Item>
          <AttachTarget lang={lang} />
        </Form>
      </Modal>
    </Space>
  );
}
