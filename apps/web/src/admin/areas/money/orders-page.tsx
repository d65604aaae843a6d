import { useCustomMutation, useInvalidate, useTranslate } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Alert, Button, Descriptions, Drawer, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { ConsoleList } from '../../components/list-page';
import { formatFen } from '../../components/money-input';
import { ReasonModal } from '../../components/reason-modal';

export interface AdminOrder {
  order_no: string;
  module: 'course' | 'recharge';
  module_id: number;
  title: string;
  original_amount: number;
  coupon_id: number | null;
  coupon_discount: number;
  points_used: number;
  points_deduction: number;
  amount: number;
  channel: string;
  status: 'pending' | 'paid' | 'closed' | 'refunded';
  created_at: string;
  paid_at: string | null;
  closed_at: string | null;
  refunded_at: string | null;
  user_id: number;
  provider_txn_id: string | null;
}

interface RefundResult {
  refund: { refund_no: string; amount: number; status: 'success' | 'processing' | 'failed'; reason: string };
  order: AdminOrder;
}

const STATUS_COLOURS: Record<AdminOrder['status'], string> = { pending: 'gold', paid: 'green', closed: 'default', refunded: 'purple' };
const ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const;

const when = (v: string | null) => (v ? <DateField value={v} format="YYYY-MM-DD HH:mm:ss" /> : '—');

/** Orders of every user: filter by status and user, see one, refund a paid one with a reason. */
export function OrdersPage() {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [shown, setShown] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [result, setResult] = useState<RefundResult | null>(null);
  const { mutate, mutation } = useCustomMutation<RefundResult>();

  const refund = (order: AdminOrder, reason: string) =>
    mutate(
      { url: adminPathOf('adminRefund', { order_no: order.order_no }), method: 'post', values: { reason }, successNotification: false },
      {
        onSuccess: ({ data }) => {
          setRefunding(null);
          setResult(data);
          setShown(data.order);
          void invalidate({ resource: 'orders', invalidates: ['list'] });
        },
      },
    );

  const statusTag = (s: AdminOrder['status']) => <Tag color={STATUS_COLOURS[s]}>{t(`money.orderStatus.${s}`)}</Tag>;

  return (
    <>
      <ConsoleList<AdminOrder>
        resource="orders"
        rowKey="order_no"
        title={t('money.orders.title')}
        searchPlaceholder={t('money.orders.searchHint')}
        filters={
          <>
            <Form.Item name="status">
              <Select
                allowClear
                aria-label={t('common.status')}
                placeholder={t('common.status')}
                style={{ width: 140 }}
                options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`money.orderStatus.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="user_id">
              <InputNumber aria-label={t('common.userId')} placeholder={t('common.userId')} min={1} style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('money.orders.orderNo'), dataIndex: 'order_no', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: t('money.orders.item'), dataIndex: 'title' },
          { title: t('common.userId'), dataIndex: 'user_id' },
          { title: t('money.orders.amount'), dataIndex: 'amount', render: (v: number) => formatFen(v), align: 'right' },
          { title: t('money.orders.channel'), dataIndex: 'channel', render: (v: string) => t(`money.channel.${v}`) },
          { title: t('common.status'), dataIndex: 'status', render: statusTag },
          { title: t('common.createdAt'), dataIndex: 'created_at', render: when },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, order: AdminOrder) => (
              <Space>
                <Button size="small" onClick={() => setShown(order)}>
                  {t('common.detail')}
                </Button>
                {order.status === 'paid' ? (
                  <Button size="small" danger onClick={() => setRefunding(order)}>
                    {t('money.orders.refund')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={shown !== null} width={560} title={shown ? `${t('money.orders.order')} ${shown.order_no}` : ''} onClose={() => { setShown(null); setResult(null); }}>
        {result ? (
          <Alert
            role="status"
            style={{ marginBottom: 16 }}
            type={result.refund.status === 'failed' ? 'error' : 'success'}
            showIcon
            message={t(`money.refund.${result.refund.status}`, { amount: formatFen(result.refund.amount) })}
            description={`${t('money.refund.no')}: ${result.refund.refund_no} · ${t('common.reason')}: ${result.refund.reason}`}
          />
        ) : null}
        {shown ? (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('money.orders.item')}>{shown.title}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.module')}>{`${t(`money.module.${shown.module}`)} #${shown.module_id}`}</Descriptions.Item>
              <Descriptions.Item label={t('common.userId')}>{shown.user_id}</Descriptions.Item>
              <Descriptions.Item label={t('common.status')}>{statusTag(shown.status)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.original')}>{formatFen(shown.original_amount)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.coupon')}>{shown.coupon_id ? `−${formatFen(shown.coupon_discount)} (#${shown.coupon_id})` : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.points')}>{shown.points_used ? `−${formatFen(shown.points_deduction)} (${shown.points_used})` : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.amount')}>{formatFen(shown.amount)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.channel')}>{t(`money.channel.${shown.channel}`)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.txn')}>{shown.provider_txn_id ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('common.createdAt')}>{when(shown.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.paidAt')}>{when(shown.paid_at)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.closedAt')}>{when(shown.closed_at)}</Descriptions.Item>
              <Descriptions.Item label={t('money.orders.refundedAt')}>{when(shown.refunded_at)}</Descriptions.Item>
            </Descriptions>
            {shown.status === 'paid' ? (
              <Button danger style={{ marginTop: 16 }} onClick={() => setRefunding(shown)}>
                {t('money.orders.refund')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Drawer>
      <ReasonModal
        open={refunding !== null}
        danger
        loading={mutation.isPending}
        title={refunding ? `${t('money.orders.refund')} ${refunding.order_no}` : ''}
        okText={t('money.orders.refund')}
        onCancel={() => setRefunding(null)}
        onSubmit={(reason) => refunding && refund(refunding, reason)}
      >
        {refunding ? <Typography.Paragraph>{t('money.refund.explain', { amount: formatFen(refunding.amount), channel: t(`money.channel.${refunding.channel}`) })}</Typography.Paragraph> : null}
      </ReasonModal>
    </>
  );
}
