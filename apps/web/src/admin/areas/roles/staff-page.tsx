import { useCustomMutation, useInvalidate, useTranslate } from '@refinedev/core';
import { Button, Checkbox, Form, InputNumber, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { STAFF_ROLES, type StaffRole } from '@medportal/contract/constants';
import { ConsoleList } from '../../components/list-page';

interface StaffMember {
  user_id: number;
  nickname: string;
  roles: StaffRole[];
}

interface RolesForm {
  user_id: number;
  roles: StaffRole[];
}

/**
 * Staff and their roles (administrators only): grant or remove roles for any user id. The server
 * keeps the last administrator (STAFF_LAST_ADMINISTRATOR), whose message is shown as it comes.
 */
export function StaffPage() {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<RolesForm | null>(null);
  const [form] = Form.useForm<RolesForm>();
  const { mutate, mutation } = useCustomMutation();
  const open = (value: RolesForm) => {
    setEditing(value);
    form.setFieldsValue(value);
  };
  const submit = (v: RolesForm) =>
    mutate(
      {
        url: adminPathOf('adminSetRoles', { id: v.user_id }),
        method: 'put',
        values: { roles: v.roles ?? [] },
        successNotification: () => ({ type: 'success', message: t('roles.saved', { user: v.user_id }) }),
      },
      {
        onSuccess: () => {
          setEditing(null);
          void invalidate({ resource: 'staff', invalidates: ['list'] });
        },
      },
    );
  return (
    <>
      <ConsoleList<StaffMember>
        resource="staff"
        rowKey="user_id"
        title={t('roles.title')}
        search={false}
        headerButtons={
          <Button type="primary" onClick={() => open({ user_id: undefined as unknown as number, roles: [] })}>
            {t('roles.grant')}
          </Button>
        }
        columns={[
          { title: t('common.userId'), dataIndex: 'user_id' },
          { title: t('roles.nickname'), dataIndex: 'nickname' },
          {
            title: t('roles.roles'),
            dataIndex: 'roles',
            render: (roles: StaffRole[]) => (
              <Space wrap>
                {roles.map((r) => (
                  <Tag key={r} color={r === 'administrator' ? 'red' : 'blue'}>
                    {t(`roles.role.${r}`)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, m: StaffMember) => (
              <Button size="small" onClick={() => open({ user_id: m.user_id, roles: m.roles })}>
                {t('roles.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t('roles.editTitle')}
        okText={t('buttons.save')}
        okButtonProps={{ loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
      >
        <Form<RolesForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="user_id" label={t('common.userId')} rules={[{ required: true }]}>
            <InputNumber min={1} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="roles" label={t('roles.roles')} extra={t('roles.hint')}>
            <Checkbox.Group options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.role.${r}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
