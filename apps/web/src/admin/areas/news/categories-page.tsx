import { useInvalidate, useList, useTranslate } from '@refinedev/core';
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import type { AdminNewsCategory } from '@medportal/contract';
import { BilingualText } from '../../components/bilingual-input';
import { consoleRequest } from '../../providers/http';

const API = '/v1/admin/news/categories';

/** News categories: zh/en names and order; a category with articles cannot be deleted. */
export function NewsCategoriesPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const list = useList<AdminNewsCategory>({ resource: 'news_categories', meta: { apiPath: API }, pagination: { mode: 'off' } });
  const [editing, setEditing] = useState<AdminNewsCategory | null>(null);
  const [form] = Form.useForm<{ title_zh: string; title_en: string; sort: number }>();
  const refresh = () => void invalidate({ resource: 'news_categories', invalidates: ['list'] });
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      void message.success(t('common.done'));
      refresh();
    } catch (error) {
      void message.error(error instanceof Object && 'message' in error ? String(error.message) : t('common.error'));
    }
  };
  const submit = (v: { title_zh: string; title_en: string; sort: number }) =>
    run(async () => {
      const body = { title_zh: v.title_zh, title_en: v.title_en ? v.title_en : null, sort: v.sort ?? 0 };
      if (editing) await consoleRequest('PUT', `${API}/${editing.id}`, { body });
      else await consoleRequest('POST', API, { body });
      setEditing(null);
      form.resetFields();
    });
  return (
    <Card title={t('news.categories.title')}>
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} style={{ marginBottom: 16 }} initialValues={{ sort: 0 }}>
        <Form.Item name="title_zh" label={t('bilingual.zh')} rules={[{ required: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="title_en" label={t('bilingual.en')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="sort" label={t('news.categories.sort')}>
          <InputNumber min={0} max={10000} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {editing ? t('news.edit.save') : t('news.categories.add')}
          </Button>
          {editing ? (
            <Button
              onClick={() => {
                setEditing(null);
                form.resetFields();
              }}
            >
              {t('common.cancel')}
            </Button>
          ) : null}
        </Space>
      </Form>
      <Table<AdminNewsCategory>
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.result?.data ?? []}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('news.fields.title'), key: 'title', render: (_: unknown, c) => <BilingualText zh={c.title_zh} en={c.title_en} /> },
          { title: t('news.categories.sort'), dataIndex: 'sort' },
          { title: t('news.categories.count'), dataIndex: 'news_count' },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, c) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(c);
                    form.setFieldsValue({ title_zh: c.title_zh, title_en: c.title_en ?? '', sort: c.sort });
                  }}
                >
                  {t('news.categories.edit')}
                </Button>
                <Popconfirm title={t('news.categories.deleteConfirm')} onConfirm={() => void run(() => consoleRequest('DELETE', `${API}/${c.id}`))}>
                  <Button size="small" danger disabled={c.news_count > 0}>
                    {t('news.list.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
