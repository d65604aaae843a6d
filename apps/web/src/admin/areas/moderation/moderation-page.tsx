import { useCustom, useCustomMutation, useInvalidate, useTranslate, type CrudFilter, type HttpError } from '@refinedev/core';
import { DateField, List, useTable } from '@refinedev/antd';
import { Alert, Badge, Button, Form, Input, InputNumber, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState, type Key } from 'react';
import type { AdminBulkResult, AdminDashboard, ModerationAction, ModerationItem, ModerationKind } from '@medportal/contract';

/** The contract's states and actions (values stay out of the console bundle's zod-bearing imports). */
const MODERATION_STATUSES = ['pending', 'approved', 'hidden'] as const;
const MODERATION_ACTIONS: ModerationAction[] = ['approve', 'hide', 'restore'];

interface Filters {
  q?: string;
  status?: string;
  live_id?: number | null;
  news_id?: number | null;
}

/** Which actions make sense from a state: a pending item is approved or hidden, a hidden one restored. */
const ACTIONS_FROM: Record<string, ModerationAction[]> = { pending: ['approve', 'hide'], approved: ['hide'], hidden: ['restore'] };
const STATUS_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', hidden: 'default' };

/** The moderation queue: a tab per kind, filters, selection with bulk actions, an action per row. */
export function ModerationPage() {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [kind, setKind] = useState<ModerationKind>(() => (new URLSearchParams(window.location.search).get('kind') === 'comment' ? 'comment' : 'question'));
  const [values, setValues] = useState<Filters>({ status: 'pending' });
  const toFilters = (k: ModerationKind, v: Filters): CrudFilter[] => [
    { field: 'kind', operator: 'eq', value: k },
    { field: 'status', operator: 'eq', value: v.status ?? 'pending' },
    { field: 'q', operator: 'eq', value: v.q?.trim() || undefined },
    { field: 'live_id', operator: 'eq', value: k === 'question' ? (v.live_id ?? undefined) : undefined },
    { field: 'news_id', operator: 'eq', value: k === 'comment' ? (v.news_id ?? undefined) : undefined },
  ];
  const { tableProps, searchFormProps, setFilters } = useTable<ModerationItem, HttpError, Filters>({
    resource: 'moderation',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: toFilters(kind, values), defaultBehavior: 'replace' },
    onSearch: (v) => {
      setValues(v);
      setSelected([]);
      return toFilters(kind, v);
    },
  });
  // The pending counts per kind, from the dashboard's figures (the list provider keeps only items and total).
  const { query: countsQuery, result: counts } = useCustom<AdminDashboard>({ url: '/v1/admin/dashboard', method: 'get', errorNotification: false });
  const mod = (counts.data as AdminDashboard | undefined)?.moderation;
  const pending = mod ? { comment: mod.comments, question: mod.questions } : undefined;
  const [selected, setSelected] = useState<Key[]>([]);
  const [result, setResult] = useState<AdminBulkResult | null>(null);
  const { mutate, mutation } = useCustomMutation();

  const refresh = () => {
    void invalidate({ resource: 'moderation', invalidates: ['list'] });
    void countsQuery.refetch();
  };
  const bulk = (action: ModerationAction) =>
    mutate(
      { url: '/v1/admin/moderation/bulk', method: 'post', values: { kind, ids: selected.map(Number), action }, successNotification: false },
      {
        onSuccess: ({ data }) => {
          setResult(data as unknown as AdminBulkResult);
          setSelected([]);
          refresh();
        },
      },
    );
  const act = (row: ModerationItem, action: ModerationAction) =>
    mutate(
      { url: `/v1/admin/moderation/${row.kind}/${row.id}`, method: 'post', values: { action }, successNotification: () => ({ type: 'success', message: t(`moderation.done.${action}`) }) },
      { onSuccess: refresh },
    );
  const switchKind = (k: ModerationKind) => {
    setKind(k);
    setSelected([]);
    setResult(null);
    setFilters(toFilters(k, values), 'replace');
  };
  const status = values.status ?? 'pending';

  return (
    <List title={t('moderation.title')}>
      <Tabs
        activeKey={kind}
        onChange={(k) => switchKind(k as ModerationKind)}
        items={(['question', 'comment'] as const).map((k) => ({
          key: k,
          label: (
            <Space>
              {t(`moderation.kinds.${k}`)}
              {pending ? <Badge count={pending[k]} overflowCount={999} /> : null}
            </Space>
          ),
        }))}
      />
      <Form {...searchFormProps} layout="inline" initialValues={values} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="status">
          <Select
            aria-label={t('common.status')}
            style={{ width: 140 }}
            options={MODERATION_STATUSES.map((s) => ({ value: s, label: t(`moderation.statuses.${s}`) }))}
            onChange={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
        {kind === 'question' ? (
          <Form.Item name="live_id">
            <InputNumber aria-label={t('moderation.liveId')} placeholder={t('moderation.liveId')} min={1} style={{ width: 130 }} />
          </Form.Item>
        ) : (
          <Form.Item name="news_id">
            <InputNumber aria-label={t('moderation.newsId')} placeholder={t('moderation.newsId')} min={1} style={{ width: 130 }} />
          </Form.Item>
        )}
        <Form.Item name="q">
          <Input.Search allowClear aria-label={t('common.search')} placeholder={t('moderation.searchHint')} onSearch={() => searchFormProps.form?.submit()} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.apply')}
          </Button>
        </Form.Item>
      </Form>
      {selected.length > 0 ? (
        <Space style={{ marginBottom: 12 }} wrap>
          <Typography.Text>{t('bulk.selected', { count: selected.length })}</Typography.Text>
          {(ACTIONS_FROM[status] ?? MODERATION_ACTIONS).map((a) => (
            <Button key={a} danger={a === 'hide'} loading={mutation.isPending} onClick={() => bulk(a)}>
              {t(`moderation.actions.${a}`)}
            </Button>
          ))}
        </Space>
      ) : null}
      {result ? (
        <Alert
          closable
          onClose={() => setResult(null)}
          style={{ marginBottom: 12 }}
          type={result.failed.length > 0 ? 'warning' : 'success'}
          message={t('bulk.result', { done: result.done.length, failed: result.failed.length })}
          description={
            result.failed.length > 0 ? (
              <ul style={{ margin: 0 }}>
                {result.failed.map((f) => (
                  <li key={f.id}>
                    #{f.id}: {f.message} ({f.code})
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      <Table<ModerationItem>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        columns={[
          { title: t('moderation.content'), dataIndex: 'content', render: (v: string) => <Typography.Paragraph style={{ maxWidth: 420, margin: 0 }} ellipsis={{ rows: 3, expandable: true }}>{v}</Typography.Paragraph> },
          { title: t('moderation.author'), dataIndex: ['author', 'nickname'], render: (v: string, row) => `${v} (#${row.author.id})` },
          { title: t(kind === 'question' ? 'moderation.live' : 'moderation.news'), dataIndex: ['target', 'title'], render: (v: string, row) => `${v} (#${row.target.id})` },
          { title: t('common.status'), dataIndex: 'status', render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`moderation.statuses.${v}`)}</Tag> },
          { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                {(ACTIONS_FROM[row.status] ?? []).map((a) => (
                  <Button key={a} size="small" danger={a === 'hide'} type={a === 'approve' ? 'primary' : 'default'} onClick={() => act(row, a)} disabled={mutation.isPending}>
                    {t(`moderation.actions.${a}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </List>
  );
}
