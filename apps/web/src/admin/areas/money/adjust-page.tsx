import { useCustomMutation, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { formatFen, MoneyInput } from '../../components/money-input';

interface AdjustForm {
  user_id: number;
  amount: number;
  reason: string;
}

interface AdjustData {
  wallet: { balance: number; frozen: number };
  transaction: { id: number; amount: number };
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * Credit or debit a user's balance with a reason. One Idempotency-Key per filled-in form: sending
 * it again (a retry after a timeout) cannot adjust twice.
 */
export function AdjustPage() {
  const t = useTranslate();
  const [form] = Form.useForm<AdjustForm>();
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<{ userId: number; data: AdjustData } | null>(null);
  const { mutate, mutation } = useCustomMutation<AdjustData>();
  const submit = (v: AdjustForm) =>
    mutate(
      {
        url: adminPathOf('adminAdjustWallet', { user_id: v.user_id }),
        method: 'post',
        values: { amount: v.amount, reason: v.reason.trim() },
        config: { headers: { 'Idempotency-Key': key } },
        successNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setDone({ userId: v.user_id, data });
          setKey(newKey());
          form.resetFields();
        },
      },
    );
  return (
    <Card title={t('money.adjust.title')} style={{ maxWidth: 640 }}>
      {done ? (
        <Alert
          role="status"
          showIcon
          type="success"
          style={{ marginBottom: 16 }}
          message={t('money.adjust.done', { user: done.userId, amount: formatFen(done.data.transaction.amount), balance: formatFen(done.data.wallet.balance) })}
        />
      ) : null}
      <Form<AdjustForm> form={form} layout="vertical" onFinish={submit} onValuesChange={() => setDone(null)}>
        <Form.Item name="user_id" label={t('common.userId')} rules={[{ required: true }]}>
          <InputNumber min={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('money.adjust.amount')}
          extra={t('money.adjust.amountHint')}
          rules={[{ required: true }, { validator: (_, v: number | null) => (v ? Promise.resolve() : Promise.reject(new Error(t('money.adjust.notZero')))) }]}
        >
          <MoneyInput signed />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('money.adjust.submit')}
        </Button>
      </Form>
    </Card>
  );
}
