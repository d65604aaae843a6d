import { useTranslate } from '@refinedev/core';
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface ReasonModalProps {
  open: boolean;
  title: ReactNode;
  /** Shown above the reason. */
  children?: ReactNode;
  minLength?: number;
  maxLength?: number;
  okText?: string;
  danger?: boolean;
  loading?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** A confirmation that needs a written reason (refunds, rejections, revocations). */
export function ReasonModal({ open, title, children, minLength = 1, maxLength = 200, okText, danger, loading, onSubmit, onCancel }: ReasonModalProps) {
  const t = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('common.confirm')}
      okButtonProps={{ danger, loading }}
      cancelText={t('common.cancel')}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => form.submit()}
    >
      {children}
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => onSubmit(v.reason.trim())}>
        <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, min: minLength, max: maxLength, message: t('common.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={maxLength} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
