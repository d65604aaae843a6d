import { useCustomMutation, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm } from 'antd';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';

interface RevokeForm {
  id: number;
  reason: string;
}

interface AdminCertificate {
  id: number;
  user_id: number;
  revoke_reason: string | null;
}

/** Revoke a certificate by its id, with a reason (audited; the public verification then says revoked). */
export function CertificatesPage() {
  const t = useTranslate();
  const [form] = Form.useForm<RevokeForm>();
  const [revoked, setRevoked] = useState<AdminCertificate | null>(null);
  const { mutate, mutation } = useCustomMutation<AdminCertificate>();
  const revoke = () => {
    const v = form.getFieldsValue();
    mutate(
      { url: adminPathOf('adminCertRevoke', { id: v.id }), method: 'post', values: { reason: v.reason.trim() }, successNotification: false },
      {
        onSuccess: ({ data }) => {
          setRevoked(data);
          form.resetFields();
        },
      },
    );
  };
  return (
    <Card title={t('credits.certificates.title')} style={{ maxWidth: 640 }}>
      {revoked ? (
        <Alert role="status" type="success" showIcon style={{ marginBottom: 16 }} message={t('credits.certificates.revoked', { id: revoked.id, user: revoked.user_id })} description={revoked.revoke_reason} />
      ) : null}
      <Form<RevokeForm> form={form} layout="vertical" onValuesChange={() => setRevoked(null)}>
        <Form.Item name="id" label={t('credits.certificates.id')} rules={[{ required: true }]}>
          <InputNumber min={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, min: 2, message: t('common.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Popconfirm title={t('credits.certificates.confirm')} onConfirm={() => void form.validateFields().then(revoke)}>
          <Button danger loading={mutation.isPending}>
            {t('credits.certificates.revoke')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}
