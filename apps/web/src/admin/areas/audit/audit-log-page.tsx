import { useTranslate, type CrudFilter } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { BeforeAfter } from '../../components/json-diff';
import { ConsoleList } from '../../components/list-page';
import { RangeField } from '../../components/range-field';

interface AuditEntry {
  id: number;
  actor_id: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** Kinds of action with a trailing dot: the API lists every action of that kind. */
export const AUDIT_KINDS = ['order.', 'wallet.', 'withdrawal.', 'coupon_campaign.', 'voucher_batch.', 'staff.', 'certificate.', 'attendance.', 'account.', 'news.', 'home.'] as const;

/** The form's values as the audit log's parameters: kind or exact action, actor, target, from/to. */
function auditFilters(values: Record<string, unknown>): CrudFilter[] {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  const action = typeof values.action === 'string' && values.action.trim() ? values.action.trim() : values.kind;
  return [
    { field: 'action', operator: 'eq', value: action || undefined },
    { field: 'actor_id', operator: 'eq', value: values.actor_id ?? undefined },
    { field: 'target', operator: 'eq', value: typeof values.target === 'string' && values.target.trim() ? values.target.trim() : undefined },
    { field: 'from', operator: 'eq', value: range?.[0]?.toISOString() },
    { field: 'to', operator: 'eq', value: range?.[1]?.toISOString() },
  ];
}

export function AuditLogPage() {
  const t = useTranslate();
  return (
    <ConsoleList<AuditEntry>
      resource="audit_log"
      search={false}
      toFilters={auditFilters}
      filters={
        <>
          <Form.Item name="kind">
            <Select
              allowClear
              aria-label={t('audit.kind')}
              placeholder={t('audit.kindAny')}
              style={{ width: 180 }}
              options={AUDIT_KINDS.map((k) => ({ value: k, label: `${t(`audit.kinds.${k}`)} (${k})` }))}
            />
          </Form.Item>
          <Form.Item name="action">
            <Input aria-label={t('audit.action')} placeholder={t('audit.action')} style={{ width: 180 }} allowClear />
          </Form.Item>
          <Form.Item name="actor_id">
            <InputNumber aria-label={t('audit.actor')} placeholder={t('audit.actor')} min={1} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="target">
            <Input aria-label={t('audit.target')} placeholder={t('audit.targetHint')} style={{ width: 220 }} allowClear />
          </Form.Item>
          <Form.Item name="range">
            <RangeField showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" label={t('audit.time')} />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm:ss" /> },
        { title: t('audit.action'), dataIndex: 'action', render: (v: string) => <Tag>{v}</Tag> },
        { title: t('audit.target'), dataIndex: 'target', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { title: t('audit.actor'), dataIndex: 'actor_id', render: (v: number | null) => (v === null ? t('common.none') : v) },
      ]}
      expandable={{ expandedRowRender: (row) => <BeforeAfter before={row.before} after={row.after} />, expandRowByClick: true }}
    />
  );
}
