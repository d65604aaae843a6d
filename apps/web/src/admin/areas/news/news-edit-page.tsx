import { useCustom, useGetLocale, useInvalidate, useList, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AdminNewsCategory, AdminNewsDetail } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { DOI_PATTERN } from '@medportal/contract/constants';

/** A whole DOI, as the server checks it (the contract's DOI_FORMAT). */
const DOI_FORMAT = new RegExp(`^${DOI_PATTERN.source.replace(/^\\b/, '')}$`);
import { BilingualInput } from '../../components/bilingual-input';
import { ImageUpload } from '../../components/image-upload';
import { PreviewButton } from '../../components/preview-button';
import { RecordGate } from '../../components/record-gate';
import { RemoteSelect } from '../../components/remote-select';
import { newsTagSource } from '../../components/remote-sources';
import { PublishControl } from '../../components/publish-control';
import { RichTextEditor } from '../../components/RichTextEditor';
import { consoleRequest, isHttpError } from '../../providers/http';

type FormValues = Omit<AdminNewsDetail, 'id' | 'state' | 'published_at' | 'created_at' | 'views'>;

/** Create or edit an article: bilingual fields, rich-text bodies, cover, category, DOI; publish and preview. */
export function NewsEditPage() {
  const t = useTranslate();
  const lang = useGetLocale()() === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { id } = useParams();
  const isNew = id === undefined || id === 'new';
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const record = useCustom<AdminNewsDetail>({ url: `/v1/admin/news/${id ?? ''}`, method: 'get', queryOptions: { enabled: !isNew } });
  // Not `result.data`: refine answers an empty object there until the article has arrived.
  const article = isNew ? null : (record.query.data?.data ?? null);
  const categories = useList<AdminNewsCategory>({ resource: 'news_categories', meta: { apiPath: '/v1/admin/news/categories' }, pagination: { mode: 'off' } });

  useEffect(() => {
    if (article) form.setFieldsValue(article);
  }, [article, form]);

  // A save refused because someone saved first: the operator keeps theirs or takes the other.
  const [conflict, setConflict] = useState(false);

  const save = async (values: FormValues, version = article?.updated_at) => {
    setSaving(true);
    try {
      const body = { ...values, doi: values.doi ? values.doi : null, tag_ids: values.tag_ids ?? [] };
      const saved = isNew
        ? await consoleRequest<AdminNewsDetail>('POST', '/v1/admin/news', { body })
        : await consoleRequest<AdminNewsDetail>('PUT', `/v1/admin/news/${article?.id ?? 0}`, { body: { ...body, updated_at: version } });
      setConflict(false);
      void message.success(t('news.edit.saved'));
      void invalidate({ resource: 'news', invalidates: ['list'] });
      if (isNew) void navigate(`/content/news/${saved.id}`);
      else await record.query.refetch();
    } catch (error) {
      if (isHttpError(error) && error.code === ErrorCode.ADMIN_EDIT_CONFLICT) setConflict(true);
      else void message.error(error instanceof Object && 'message' in error ? String(error.message) : t('common.error'));
    } finally {
      setSaving(false);
    }
  };

  /** Saves the form over the newest version, read without touching what the form holds. */
  const keepMine = async () => {
    if (!article) return;
    const latest = await consoleRequest<AdminNewsDetail>('GET', `/v1/admin/news/${article.id}`).catch(() => null);
    if (latest) await save(form.getFieldsValue(true), latest.updated_at);
  };

  return (
    <Card
      title={isNew ? t('news.edit.createTitle') : t('news.edit.title', { id })}
      extra={
        article ? (
          <Space>
            <PreviewButton kind="news" id={article.id} lang="zh" />
            <PreviewButton kind="news" id={article.id} lang="en" />
            <PublishControl path={`/v1/admin/news/${article.id}`} state={article.state} resource="news" onDone={() => void record.query.refetch()} />
          </Space>
        ) : null
      }
    >
      <RecordGate query={isNew ? { data: null, isError: false, refetch: () => undefined } : record.query}>
        {conflict ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            message={t('news.edit.conflict')}
            action={
              <Space direction="vertical">
                <Button size="small" type="primary" loading={saving} onClick={() => void keepMine()}>
                  {t('news.edit.keepMine')}
                </Button>
                <Button size="small" onClick={() => void record.query.refetch().then(() => setConflict(false))}>
                  {t('news.edit.reload')}
                </Button>
              </Space>
            }
          />
        ) : null}
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} initialValues={{ summary_zh: '', source_zh: '', author_zh: '', tag_ids: [] }}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="category_id" label={t('news.fields.category')} rules={[{ required: true }]}>
                <Select options={(categories.result?.data ?? []).map((c) => ({ value: c.id, label: c.title_zh }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="doi"
                label="DOI"
                extra={t('news.fields.doiHint')}
                rules={[{ validator: async (_r, v: string | null | undefined) => { if (v && !DOI_FORMAT.test(v.trim())) throw new Error(t('news.fields.doiInvalid')); } }]}
              >
                <Input placeholder="10.1056/NEJMoa2034577" />
              </Form.Item>
            </Col>
          </Row>
          <BilingualInput name="title" label={t('news.fields.title')} maxLength={200} />
          <BilingualInput name="summary" label={t('news.fields.summary')} rows={2} maxLength={1000} optional />
          <Form.Item name="cover" label={t('news.fields.cover')} rules={[{ required: true }]}>
            <ImageUpload />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="body_zh" label={`${t('news.fields.body')} (${t('bilingual.zh')})`} rules={[{ required: true }]}>
                <RichTextEditor label={`${t('news.fields.body')} ${t('bilingual.zh')}`} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="body_en" label={`${t('news.fields.body')} (${t('bilingual.en')})`} extra={t('bilingual.showsChinese')} getValueFromEvent={(html: string) => (html === '<p></p>' ? null : html)}>
                <RichTextEditor label={`${t('news.fields.body')} ${t('bilingual.en')}`} />
              </Form.Item>
            </Col>
          </Row>
          <BilingualInput name="source" label={t('news.fields.source')} maxLength={200} optional />
          <BilingualInput name="author" label={t('news.fields.author')} maxLength={200} optional />
          <Form.Item name="tag_ids" label={t('news.fields.tags')} extra={t('news.fields.tagsHint')}>
            <RemoteSelect source={newsTagSource(lang)} multiple />
          </Form.Item>
          {article ? <Typography.Paragraph type="secondary">{t('news.edit.version', { at: article.updated_at })}</Typography.Paragraph> : null}
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('news.edit.save')}
          </Button>
        </Form>
      </RecordGate>
    </Card>
  );
}
