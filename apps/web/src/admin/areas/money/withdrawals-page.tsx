import { useCustomMutation, useInvalidate, useTranslate } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Button, Form, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { ConsoleList } from '../../components/list-page';
import { formatFen } from '../../components/money-input';
import { ReasonModal } from '../../components/reason-modal';

interface AdminWithdrawal {
  id: number;
  withdrawal_no: string;
  amount: number;
  status: 'pending' | 'approved' | 'paid' | 'rejected' | 'failed';
  bank_name: string;
  masked_number: string;
  reject_reason: string | null;
  created_at: string;
  user_id: number;
  holder_name: string;
  reviewed_by: number | null;
}

const STATUSES = ['pending', 'approved', 'paid', 'rejected', 'failed'] as const;
const COLOURS: Record<AdminWithdrawal['status'], string> = { pending: 'gold', approved: 'blue', paid: 'green', rejected: 'default', failed: 'red' };

/** Withdrawals to review: pending first by default; approve, or reject with a reason. */
export function WithdrawalsPage() {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const { mutate, mutation } = useCustomMutation();
  const done = () => {
    setRejecting(null);
    void invalidate({ resource: 'withdrawals', invalidates: ['list'] });
  };
  return (
    <>
      <ConsoleList<AdminWithdrawal>
        resource="withdrawals"
        title={t('money.withdrawals.title')}
        search={false}
        initialFilters={{ status: 'pending' }}
        filters={
          <Form.Item name="status">
            <Select allowClear aria-label={t('common.status')} placeholder={t('common.status')} style={{ width: 140 }} options={STATUSES.map((s) => ({ value: s, label: t(`money.withdrawalStatus.${s}`) }))} />
          </Form.Item>
        }
        columns={[
          { title: t('money.withdrawals.no'), dataIndex: 'withdrawal_no' },
          { title: t('common.userId'), dataIndex: 'user_id' },
          { title: t('money.withdrawals.holder'), dataIndex: 'holder_name' },
          { title: t('money.withdrawals.card'), key: 'card', render: (_: unknown, w: AdminWithdrawal) => `${w.bank_name} ${w.masked_number}` },
          { title: t('money.orders.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatFen(v) },
          { title: t('common.status'), dataIndex: 'status', render: (s: AdminWithdrawal['status'], w: AdminWithdrawal) => <Tag color={COLOURS[s]} title={w.reject_reason ?? undefined}>{t(`money.withdrawalStatus.${s}`)}</Tag> },
          { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, w: AdminWithdrawal) =>
              w.status === 'pending' ? (
                <Space>
                  <Popconfirm
                    title={t('money.withdrawals.approveConfirm', { amount: formatFen(w.amount) })}
                    onConfirm={() =>
                      mutate(
                        { url: adminPathOf('adminWithdrawalApprove', { id: w.id }), method: 'post', values: {}, successNotification: () => ({ type: 'success', message: t('money.withdrawals.approved') }) },
                        { onSuccess: done },
                      )
                    }
                  >
                    <Button size="small" type="primary" loading={mutation.isPending}>
                      {t('money.withdrawals.approve')}
                    </Button>
                  </Popconfirm>
                  <Button size="small" danger onClick={() => setRejecting(w)}>
                    {t('money.withdrawals.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        danger
        minLength={2}
        loading={mutation.isPending}
        title={rejecting ? `${t('money.withdrawals.reject')} ${rejecting.withdrawal_no}` : ''}
        okText={t('money.withdrawals.reject')}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) =>
          rejecting &&
          mutate(
            { url: adminPathOf('adminWithdrawalReject', { id: rejecting.id }), method: 'post', values: { reason }, successNotification: () => ({ type: 'success', message: t('money.withdrawals.rejected') }) },
            { onSuccess: done },
          )
        }
      />
    </>
  );
}
