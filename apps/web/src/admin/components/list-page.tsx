import { useCustomMutation, useInvalidate, useTranslate, type BaseRecord, type CrudFilter, type HttpError } from '@refinedev/core';
import { List, useTable } from '@refinedev/antd';
import { Alert, Button, Form, Input, Space, Table, Typography, type TableProps } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import type { AdminBulkResult } from '@medportal/contract';
import { resourcePath } from '../providers/data-provider';

export interface BulkAction {
  /** The `action` sent to `POST <list path>/bulk {ids, action}`. */
  action: string;
  label: string;
  danger?: boolean;
}

export interface ConsoleListProps<T extends BaseRecord> {
  resource: string;
  /** Columns of antd's Table. */
  columns: TableProps<T>['columns'];
  /** A free-text search box (the `q` parameter). */
  search?: boolean;
  /** What the search box looks through, when not the list's names and titles. */
  searchPlaceholder?: string;
  /** More filter controls: Form.Items whose names are the list's query parameters. */
  filters?: ReactNode;
  /** Initial filter values (also the "reset" state). */
  initialFilters?: Record<string, unknown>;
  bulkActions?: BulkAction[];
  rowKey?: string;
  /** Buttons above the list (create...). */
  headerButtons?: ReactNode;
  title?: ReactNode;
  expandable?: TableProps<T>['expandable'];
  /** How the filter form's values become the list's query parameters (default: each by its name). */
  toFilters?: (values: Record<string, unknown>) => CrudFilter[];
}

/** Form values as refine filters (`eq` on the parameter's name); empty values drop the filter. */
export function filtersFromValues(values: Record<string, unknown>): CrudFilter[] {
  return Object.entries(values).map(([field, value]) => ({ field, operator: 'eq', value: value === '' ? undefined : value }));
}

/**
 * A console list: refine's useTable over the resource (pages, sort, filters in the URL), a search
 * box and the list's own filters, and bulk actions over the selected rows whose per-row failures
 * (AdminBulkResult) are shown until dismissed.
 */
export function ConsoleList<T extends BaseRecord>({
  resource,
  columns,
  search = true,
  searchPlaceholder,
  filters,
  initialFilters = {},
  bulkActions = [],
  rowKey = 'id',
  headerButtons,
  title,
  expandable,
  toFilters = filtersFromValues,
}: ConsoleListProps<T>) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const { tableProps, searchFormProps } = useTable<T, HttpError, Record<string, unknown>>({
    resource,
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    filters: { initial: toFilters(initialFilters), defaultBehavior: 'replace' },
    onSearch: (values) => toFilters(values),
  });
  const [selected, setSelected] = useState<Key[]>([]);
  const [result, setResult] = useState<AdminBulkResult | null>(null);
  const { mutate, mutation } = useCustomMutation<AdminBulkResult>();

  const runBulk = (action: string) =>
    mutate(
      { url: `${resourcePath(resource)}/bulk`, method: 'post', values: { ids: selected.map(Number), action } },
      {
        onSuccess: ({ data }) => {
          setResult(data);
          setSelected([]);
          void invalidate({ resource, invalidates: ['list'] });
        },
      },
    );

  return (
    <List title={title} headerButtons={headerButtons ?? (({ defaultButtons }) => defaultButtons)}>
      {search || filters ? (
        <Form {...searchFormProps} layout="inline" initialValues={initialFilters} style={{ marginBottom: 16, rowGap: 8 }}>
          {search ? (
            <Form.Item name="q">
              <Input.Search allowClear placeholder={searchPlaceholder ?? t('common.search')} aria-label={searchPlaceholder ?? t('common.search')} onSearch={() => searchFormProps.form?.submit()} style={{ width: 240 }} />
            </Form.Item>
          ) : null}
          {filters}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('common.apply')}
              </Button>
              <Button
                onClick={() => {
                  searchFormProps.form?.resetFields();
                  searchFormProps.form?.submit();
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      {bulkActions.length > 0 && selected.length > 0 ? (
        <Space style={{ marginBottom: 12 }} wrap>
          <Typography.Text>{t('bulk.selected', { count: selected.length })}</Typography.Text>
          {bulkActions.map((b) => (
            <Button key={b.action} danger={b.danger} loading={mutation.isPending} onClick={() => runBulk(b.action)}>
              {b.label}
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
              <div>
                <Typography.Text strong>{t('bulk.failedTitle')}</Typography.Text>
                <ul style={{ margin: 0 }}>
                  {result.failed.map((f) => (
                    <li key={f.id}>
                      #{f.id}: {f.message} ({f.code})
                    </li>
                  ))}
                </ul>
              </div>
            ) : undefined
          }
        />
      ) : null}
      <Table<T>
        {...tableProps}
        rowKey={rowKey}
        columns={columns}
        expandable={expandable}
        scroll={{ x: 'max-content' }}
        rowSelection={bulkActions.length > 0 ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
      />
    </List>
  );
}
