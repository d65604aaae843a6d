import { useCustomMutation, useInvalidate, useTranslate, type CrudFilter } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Button, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Route } from 'react-router';
import type { z } from 'zod';
import type { AdminContactMessage } from '@medportal/contract';
import { ConsoleList } from '../../components/list-page';
import type { ConsoleArea } from '../types';

type Message = z.infer<typeof AdminContactMessage>;

/** The public web app's agent desk (online service), served beside the console. */
const AGENT_DESK = '/online_service_im/agent';

function contactFilters(values: Record<string, unknown>): CrudFilter[] {
  return [
    { field: 'q', operator: 'eq', value: typeof values.q === 'string' && values.q.trim() ? values.q.trim() : undefined },
    { field: 'status', operator: 'eq', value: values.status || undefined },
  ];
}

function MessageDrawer({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<{ note: string }>();
  const { mutate, mutation } = useCustomMutation<Message>();
  return (
    <Drawer open={message !== null} onClose={onClose} width={520} title={message ? `#${message.id} ${message.name}` : ''} destroyOnHidden>
      {message ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('service.contact')}>{`${message.contact} (${t(`service.kinds.${message.contact_kind}`)})`}</Descriptions.Item>
            <Descriptions.Item label={t('common.userId')}>{message.user_id ?? t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('service.lang')}>{message.lang}</Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>
              <DateField value={message.created_at} format="YYYY-MM-DD HH:mm" />
            </Descriptions.Item>
            <Descriptions.Item label={t('service.message')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{message.message}</Typography.Paragraph>
            </Descriptions.Item>
            {message.status === 'handled' ? (
              <>
                <Descriptions.Item label={t('service.handledAt')}>
                  {message.handled_at ? <DateField value={message.handled_at} format="YYYY-MM-DD HH:mm" /> : null} (#{message.handled_by})
                </Descriptions.Item>
                <Descriptions.Item label={t('service.note')}>{message.handled_note}</Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          {message.status === 'new' ? (
            <Form
              form={form}
              layout="vertical"
              style={{ marginTop: 16 }}
              onFinish={({ note }) =>
                mutate(
                  { url: `/v1/admin/contact_messages/${message.id}/handle`, method: 'post', values: { note }, successNotification: () => ({ type: 'success', message: t('service.handled') }) },
                  {
                    onSuccess: () => {
                      void invalidate({ resource: 'contact_messages', invalidates: ['list'] });
                      onClose();
                    },
                  },
                )
              }
            >
              <Form.Item name="note" label={t('service.note')} rules={[{ required: true, whitespace: true, message: t('service.noteRequired') }]}>
                <Input.TextArea rows={3} maxLength={2000} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t('service.markHandled')}
              </Button>
            </Form>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}

export function ContactInboxPage() {
  const t = useTranslate();
  const [open, setOpen] = useState<Message | null>(null);
  return (
    <>
      <ConsoleList<Message>
        resource="contact_messages"
        title={t('service.title')}
        toFilters={contactFilters}
        initialFilters={{ status: 'new' }}
        headerButtons={
          <Button href={AGENT_DESK} target="_blank" rel="noopener">
            {t('service.agentDesk')}
          </Button>
        }
        filters={
          <Form.Item name="status">
            <Select
              allowClear
              aria-label={t('common.status')}
              placeholder={t('common.status')}
              style={{ width: 140 }}
              options={(['new', 'handled'] as const).map((s) => ({ value: s, label: t(`service.statuses.${s}`) }))}
            />
          </Form.Item>
        }
        columns={[
          { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
          { title: t('service.name'), dataIndex: 'name' },
          { title: t('service.contact'), dataIndex: 'contact' },
          { title: t('service.message'), dataIndex: 'message', render: (v: string) => <Typography.Text ellipsis style={{ maxWidth: 320 }}>{v}</Typography.Text> },
          { title: t('common.status'), dataIndex: 'status', render: (v: string) => <Tag color={v === 'new' ? 'gold' : 'green'}>{t(`service.statuses.${v}`)}</Tag> },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                <Button size="small" onClick={() => setOpen(row)}>
                  {t('common.detail')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <MessageDrawer message={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** Customer service (area `service`): the contact-form inbox and a link to the agent desk. */
export const serviceArea: ConsoleArea = {
  area: 'service',
  resources: [{ name: 'contact_messages', list: '/contact_messages', meta: { labelKey: 'service.title' } }],
  routes: <Route path="/contact_messages" element={<ContactInboxPage />} />,
  texts: {
    zh: {
      service: {
        title: '留言收件箱',
        agentDesk: '打开在线客服工作台',
        name: '姓名',
        contact: '联系方式',
        kinds: { phone: '电话', email: '邮箱' },
        lang: '语言',
        message: '留言',
        statuses: { new: '未处理', handled: '已处理' },
        note: '处理备注',
        noteRequired: '请填写处理备注',
        markHandled: '标记为已处理',
        handled: '已标记为已处理',
        handledAt: '处理时间',
      },
    },
    en: {
      service: {
        title: 'Contact inbox',
        agentDesk: 'Open the agent desk',
        name: 'Name',
        contact: 'Contact',
        kinds: { phone: 'phone', email: 'email' },
        lang: 'Language',
        message: 'Message',
        statuses: { new: 'New', handled: 'Handled' },
        note: 'Handling note',
        noteRequired: 'Write a handling note',
        markHandled: 'Mark handled',
        handled: 'Marked handled',
        handledAt: 'Handled at',
      },
    },
  },
};
