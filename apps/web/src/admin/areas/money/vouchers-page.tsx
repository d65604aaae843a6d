import { useCreate, useTranslate } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ConsoleList } from '../../components/list-page';

interface VoucherBatch {
  id: number;
  kind: 'coupon' | 'points' | 'course';
  count: number;
  redeemed: number;
  points: number | null;
  course_id: number | null;
  coupon_campaign_id: number | null;
  expires_at: string | null;
  memo: string;
  created_by: number;
  created_at: string;
}

interface BatchForm {
  kind: VoucherBatch['kind'];
  count: number;
  points?: number;
  course_id?: number;
  coupon_campaign_id?: number;
  expires_at?: Dayjs | null;
  memo?: string;
}

/** Voucher batches: the list, and a new batch whose codes are shown once, to copy. */
export function VouchersPage() {
  const t = useTranslate();
  const [creating, setCreating] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [form] = Form.useForm<BatchForm>();
  const kind = Form.useWatch('kind', form);
  const { mutate, mutation } = useCreate<VoucherBatch & { codes: string[] }>();
  const submit = (v: BatchForm) =>
    mutate(
      {
        resource: 'voucher_batches',
        values: {
          kind: v.kind,
          count: v.count,
          ...(v.kind === 'points' ? { points: v.points } : {}),
          ...(v.kind === 'course' ? { course_id: v.course_id } : {}),
          ...(v.kind === 'coupon' ? { coupon_campaign_id: v.coupon_campaign_id } : {}),
          ...(v.expires_at ? { expires_at: v.expires_at.toISOString() } : {}),
          memo: v.memo ?? '',
        },
      },
      {
        onSuccess: ({ data }) => {
          setCreating(false);
          form.resetFields();
          setCodes(data.codes);
        },
      },
    );
  const what = (b: VoucherBatch) =>
    b.kind === 'points' ? t('money.vouchers.pointsOf', { points: b.points }) : b.kind === 'course' ? t('money.vouchers.courseOf', { id: b.course_id }) : t('money.vouchers.couponOf', { id: b.coupon_campaign_id });
  return (
    <>
      <ConsoleList<VoucherBatch>
        resource="voucher_batches"
        title={t('money.vouchers.title')}
        search={false}
        headerButtons={
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('buttons.create')}
          </Button>
        }
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('money.vouchers.kind'), key: 'kind', render: (_: unknown, b: VoucherBatch) => what(b) },
          { title: t('money.vouchers.redeemed'), key: 'redeemed', render: (_: unknown, b: VoucherBatch) => `${b.redeemed} / ${b.count}` },
          { title: t('money.vouchers.expires'), dataIndex: 'expires_at', render: (v: string | null) => (v ? <DateField value={v} format="YYYY-MM-DD HH:mm" /> : '—') },
          { title: t('money.vouchers.memo'), dataIndex: 'memo' },
          { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
        ]}
      />
      <Modal open={creating} title={t('money.vouchers.create')} okText={t('buttons.save')} okButtonProps={{ loading: mutation.isPending }} onOk={() => form.submit()} onCancel={() => setCreating(false)}>
        <Form<BatchForm> form={form} layout="vertical" initialValues={{ kind: 'points', count: 10 }} onFinish={submit}>
          <Form.Item name="kind" label={t('money.vouchers.kind')}>
            <Radio.Group options={(['points', 'course', 'coupon'] as const).map((k) => ({ value: k, label: t(`money.vouchers.kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="count" label={t('money.vouchers.count')} rules={[{ required: true }]}>
            <InputNumber min={1} max={10000} />
          </Form.Item>
          {kind === 'points' ? (
            <Form.Item name="points" label={t('money.vouchers.points')} rules={[{ required: true }]}>
              <InputNumber min={1} max={1000000} />
            </Form.Item>
          ) : null}
          {kind === 'course' ? (
            <Form.Item name="course_id" label={t('money.vouchers.courseId')} rules={[{ required: true }]}>
              <InputNumber min={1} />
            </Form.Item>
          ) : null}
          {kind === 'coupon' ? (
            <Form.Item name="coupon_campaign_id" label={t('money.vouchers.campaignId')} rules={[{ required: true }]}>
              <InputNumber min={1} />
            </Form.Item>
          ) : null}
          <Form.Item name="expires_at" label={t('money.vouchers.expires')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="memo" label={t('money.vouchers.memo')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={codes !== null} title={t('money.vouchers.codesTitle')} footer={null} onCancel={() => setCodes(null)} width={560}>
        <Alert type="warning" showIcon message={t('money.vouchers.codesOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: (codes ?? []).join('\n') }}>{t('money.vouchers.copyAll', { count: codes?.length ?? 0 })}</Typography.Paragraph>
        <pre data-testid="voucher-codes" style={{ maxHeight: 320, overflow: 'auto', background: 'rgba(0,0,0,0.03)', padding: 12 }}>
          {(codes ?? []).join('\n')}
        </pre>
      </Modal>
    </>
  );
}
