import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { StaffPage } from './staff-page';

const roleNames = {
  zh: { administrator: '管理员', editor: '编辑', live_producer: '直播制作', moderator: '审核员', finance: '财务', service: '客服' },
  en: { administrator: 'Administrator', editor: 'Editor', live_producer: 'Live producer', moderator: 'Moderator', finance: 'Finance', service: 'Customer service' },
};

/** Staff and roles (area `roles`, administrators). */
export const rolesArea: ConsoleArea = {
  area: 'roles',
  resources: [{ name: 'staff', list: '/roles', meta: { labelKey: 'roles.title' } }],
  routes: <Route path="/roles" element={<StaffPage />} />,
  texts: {
    zh: {
      roles: {
        title: '员工与角色',
        grant: '授予角色',
        edit: '修改角色',
        editTitle: '员工角色',
        nickname: '昵称',
        roles: '角色',
        hint: '全部取消即移除此人的员工身份。最后一位管理员不能被移除。',
        saved: '已更新用户 {{user}} 的角色',
        role: roleNames.zh,
      },
    },
    en: {
      roles: {
        title: 'Staff & roles',
        grant: 'Grant roles',
        edit: 'Change roles',
        editTitle: 'Staff roles',
        nickname: 'Nickname',
        roles: 'Roles',
        hint: 'Clearing every role removes the person from staff. The last administrator cannot be removed.',
        saved: "Updated user {{user}}'s roles",
        role: roleNames.en,
      },
    },
  },
};
