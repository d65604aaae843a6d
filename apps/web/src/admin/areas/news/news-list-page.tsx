import { useList, useTranslate } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Button, DatePicker, Form, Select } from 'antd';
import { Link } from 'react-router';
import type { AdminNewsCategory, AdminNewsRow, PublicationState } from '@medportal/contract';

/** The console's publication states (the contract's PUBLICATION_STATES, which lives beside zod). */
const STATES: readonly PublicationState[] = ['draft', 'scheduled', 'published', 'offline', 'unlisted'];
import { ConsoleList } from '../../components/list-page';
import { PublicationTag } from '../../components/publication-tag';
import { BilingualText } from '../../components/bilingual-input';

/** News of every state: search, category, state and publication range; bulk publish, offline, delete. */
export function NewsListPage() {
  const t = useTranslate();
  const categories = useList<AdminNewsCategory>({ resource: 'news_categories', meta: { apiPath: '/v1/admin/news/categories' }, pagination: { mode: 'off' } });
  const options = (categories.result?.data ?? []).map((c) => ({ value: c.id, label: c.title_zh }));
  return (
    <ConsoleList<AdminNewsRow>
      resource="news"
      title={t('news.list.title')}
      search
      headerButtons={
        <Link to="/content/news/new">
          <Button type="primary">{t('news.list.create')}</Button>
        </Link>
      }
      filters={
        <>
          <Form.Item name="state">
            <Select allowClear aria-label={t('common.status')} placeholder={t('common.status')} style={{ width: 130 }} options={STATES.map((s) => ({ value: s, label: t(`publication.${s}`) }))} />
          </Form.Item>
          <Form.Item name="category_id">
            <Select allowClear aria-label={t('news.fields.category')} placeholder={t('news.fields.category')} style={{ width: 160 }} options={options} />
          </Form.Item>
          <Form.Item name="from">
            <DatePicker aria-label={t('news.list.from')} placeholder={t('news.list.from')} />
          </Form.Item>
          <Form.Item name="to">
            <DatePicker aria-label={t('news.list.to')} placeholder={t('news.list.to')} />
          </Form.Item>
        </>
      }
      bulkActions={[
        { action: 'publish', label: t('publish.now') },
        { action: 'offline', label: t('publish.offline') },
        { action: 'delete', label: t('news.list.delete'), danger: true },
      ]}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 80 },
        {
          title: t('news.fields.title'),
          key: 'title',
          render: (_: unknown, r: AdminNewsRow) => (
            <Link to={`/content/news/${r.id}`}>
              <BilingualText zh={r.title_zh} en={r.title_en} />
            </Link>
          ),
        },
        { title: t('news.fields.category'), dataIndex: 'category_title_zh' },
        { title: t('common.status'), key: 'state', render: (_: unknown, r: AdminNewsRow) => <PublicationTag state={r.state} publishedAt={r.published_at} /> },
        { title: t('news.list.views'), dataIndex: 'views', align: 'right' },
        { title: t('news.list.updatedAt'), dataIndex: 'updated_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
      ]}
    />
  );
}
