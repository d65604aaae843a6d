import { useCustomMutation, useInvalidate, useOne, useTranslate, type CrudFilter } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Alert, Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import type { AdminUserDetail } from '@medportal/contract';

/** The contract's user states (a value import of the contract would bring zod into the console). */
const ADMIN_USER_STATUSES = ['active', 'disabled', 'merged', 'cancelled'] as const;
import { ConsoleList } from '../../components/list-page';

interface UserRow {
  id: number;
  nickname: string;
  mobile: string | null;
  email: string | null;
  status: string;
  created_at: string;
}

const STATUS_COLOR: Record<string, string> = { active: 'green', disabled: 'red', merged: 'default', cancelled: 'default' };
const yuan = (fen: number) => (fen / 100).toFixed(2);

function userFilters(values: Record<string, unknown>): CrudFilter[] {
  return [
    { field: 'q', operator: 'eq', value: typeof values.q === 'string' && values.q.trim() ? values.q.trim() : undefined },
    { field: 'status', operator: 'eq', value: values.status || undefined },
  ];
}

/** Disable (reason, confirm), enable, or merge another account into this one; shows the server's refusal. */
function UserActions({ user }: { user: AdminUserDetail }) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<AdminUserDetail>();
  const [dialog, setDialog] = useState<'disable' | 'enable' | 'merge' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string; from_user_id?: number }>();
  const refresh = () => {
    void invalidate({ resource: 'users', invalidates: ['list', 'detail'], id: user.id });
    setDialog(null);
    form.resetFields();
  };
  const submit = (values: { reason: string; from_user_id?: number }) => {
    setError(null);
    const body = dialog === 'merge' ? { from_user_id: values.from_user_id, reason: values.reason } : { reason: values.reason ?? '' };
    mutate(
      { url: `/v1/admin/users/${user.id}/${dialog}`, method: 'post', values: body, errorNotification: false, successNotification: () => ({ type: 'success', message: t(`users.done.${dialog}`) }) },
      { onSuccess: refresh, onError: (e) => setError(e.message) },
    );
  };
  return (
    <>
      <Space wrap>
        {user.status === 'active' ? (
          <Button danger onClick={() => setDialog('disable')}>
            {t('users.disable')}
          </Button>
        ) : null}
        {user.status === 'disabled' ? <Button onClick={() => setDialog('enable')}>{t('users.enable')}</Button> : null}
        {user.status === 'active' ? <Button onClick={() => setDialog('merge')}>{t('users.merge')}</Button> : null}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? t(`users.${dialog}Title`, { id: user.id, name: user.nickname }) : ''}
        okText={dialog ? t(`users.${dialog}`) : ''}
        okButtonProps={{ danger: dialog !== 'enable', loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setDialog(null);
          setError(null);
        }}
        destroyOnHidden
      >
        {dialog === 'disable' ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('users.disableWarn')} /> : null}
        {dialog === 'merge' ? <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('users.mergeHint', { id: user.id })} /> : null}
        {error ? <Alert type="error" showIcon style={{ marginBottom: 12 }} message={error} /> : null}
        <Form form={form} layout="vertical" onFinish={submit}>
          {dialog === 'merge' ? (
            <Form.Item name="from_user_id" label={t('users.mergeFrom')} rules={[{ required: true, message: t('users.mergeFromRequired') }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          ) : null}
          <Form.Item name="reason" label={t('common.reason')} rules={dialog === 'enable' ? [] : [{ required: true, whitespace: true, message: t('common.reasonRequired') }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslate();
  const { result: user, query } = useOne<AdminUserDetail>({ resource: 'users', id: id ?? 0, queryOptions: { enabled: id !== null } });
  return (
    <Drawer open={id !== null} onClose={onClose} width={600} title={user ? `#${user.id} ${user.nickname}` : ''} destroyOnHidden>
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <Alert type="error" message={query.error?.message} /> : null}
      {user && id !== null ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <UserActions user={user} />
          <Descriptions column={1} size="small" bordered title={t('users.profile')}>
            <Descriptions.Item label={t('common.status')}>
              <Tag color={STATUS_COLOR[user.status]}>{t(`users.statuses.${user.status}`)}</Tag>
              {user.disabled_reason ? `${t('common.reason')}: ${user.disabled_reason}` : null}
              {user.merged_into ? ` → #${user.merged_into}` : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.mobile')}>{user.mobile ?? t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('users.email')}>{user.email ?? t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('users.realName')}>{user.real_name || t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('users.hospital')}>{user.hospital || t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('users.title')}>{user.professional_title || t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('users.wechat')}>{user.wechat_bound ? t('common.yes') : t('common.no')}</Descriptions.Item>
            <Descriptions.Item label={t('users.roles')}>{user.roles.length ? user.roles.map((r) => <Tag key={r}>{r}</Tag>) : t('common.none')}</Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>
              <DateField value={user.created_at} format="YYYY-MM-DD HH:mm" />
            </Descriptions.Item>
          </Descriptions>
          <Descriptions column={2} size="small" bordered title={t('users.account')}>
            <Descriptions.Item label={t('users.orders')}>{t('users.ordersSummary', { total: user.orders.total, paid: user.orders.paid, yuan: yuan(user.orders.paid_fen) })}</Descriptions.Item>
            <Descriptions.Item label={t('users.wallet')}>{`${yuan(user.wallet_fen)} ${t('money.yuan')}`}</Descriptions.Item>
            <Descriptions.Item label={t('users.points')}>{user.points}</Descriptions.Item>
            <Descriptions.Item label={t('users.certificates')}>{user.certificates}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            title={() => t('users.sessions')}
            pagination={false}
            dataSource={user.sessions}
            columns={[
              { title: t('users.platform'), dataIndex: 'platform' },
              { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
              { title: t('users.lastUsed'), dataIndex: 'last_used_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

export function UsersPage() {
  const t = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ConsoleList<UserRow>
        resource="users"
        title={t('users.listTitle')}
        toFilters={userFilters}
        filters={
          <Form.Item name="status">
            <Select allowClear aria-label={t('common.status')} placeholder={t('common.status')} style={{ width: 140 }} options={ADMIN_USER_STATUSES.map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))} />
          </Form.Item>
        }
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('users.nickname'), dataIndex: 'nickname' },
          { title: t('users.mobile'), dataIndex: 'mobile' },
          { title: t('users.email'), dataIndex: 'email' },
          { title: t('common.status'), dataIndex: 'status', render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`users.statuses.${v}`)}</Tag> },
          { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
          { title: t('common.actions'), key: 'a', render: (_: unknown, row) => <Button size="small" onClick={() => setOpen(row.id)}>{t('common.detail')}</Button> },
        ]}
      />
      <UserDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

export function CancellationsPage() {
  const t = useTranslate();
  return (
    <ConsoleList<{ id: number; cancelled_at: string; created_at: string }>
      resource="user_cancellations"
      title={t('users.cancellations')}
      search={false}
      columns={[
        { title: t('common.userId'), dataIndex: 'id' },
        { title: t('users.cancelledAt'), dataIndex: 'cancelled_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
        { title: t('users.registeredAt'), dataIndex: 'created_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
      ]}
    />
  );
}
