import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { CancellationsPage, UsersPage } from './users-page';

const zhStatuses = { active: '正常', disabled: '已停用', merged: '已合并', cancelled: '已注销' };
const enStatuses = { active: 'Active', disabled: 'Disabled', merged: 'Merged', cancelled: 'Cancelled' };

/** Users (area `users`): search, detail, disable/enable, merge, and the cancelled-accounts log. */
export const usersArea: ConsoleArea = {
  area: 'users',
  resources: [
    { name: 'users', list: '/users', meta: { labelKey: 'users.listTitle' } },
    { name: 'user_cancellations', list: '/user_cancellations', meta: { labelKey: 'users.cancellations' } },
  ],
  routes: (
    <>
      <Route path="/users" element={<UsersPage />} />
      <Route path="/user_cancellations" element={<CancellationsPage />} />
    </>
  ),
  texts: {
    zh: {
      users: {
        listTitle: '用户',
        cancellations: '注销记录',
        statuses: zhStatuses,
        nickname: '昵称',
        mobile: '手机号',
        email: '邮箱',
        realName: '真实姓名',
        hospital: '医院',
        title: '职称',
        wechat: '已绑定微信',
        roles: '员工角色',
        profile: '资料',
        account: '账户',
        orders: '订单',
        ordersSummary: '共 {{total}} 单，已付 {{paid}} 单，{{yuan}} 元',
        wallet: '钱包余额',
        points: '积分',
        certificates: '证书',
        sessions: '登录会话',
        platform: '平台',
        lastUsed: '最近使用',
        disable: '停用',
        enable: '启用',
        merge: '合并账号',
        disableTitle: '停用用户 #{{id}} {{name}}',
        enableTitle: '启用用户 #{{id}} {{name}}',
        mergeTitle: '把另一个账号合并到 #{{id}} {{name}}',
        disableWarn: '停用后此用户所有登录立即失效，且无法再登录。',
        mergeHint: '输入要并入的账号 ID（B），它将被合并到当前账号 #{{id}}（A）。',
        mergeFrom: '被合并的账号 ID（B）',
        mergeFromRequired: '请填写账号 ID',
        done: { disable: '已停用', enable: '已启用', merge: '已合并' },
        cancelledAt: '注销时间',
        registeredAt: '注册时间',
      },
    },
    en: {
      users: {
        listTitle: 'Users',
        cancellations: 'Cancelled accounts',
        statuses: enStatuses,
        nickname: 'Nickname',
        mobile: 'Mobile',
        email: 'Email',
        realName: 'Real name',
        hospital: 'Hospital',
        title: 'Professional title',
        wechat: 'WeChat bound',
        roles: 'Staff roles',
        profile: 'Profile',
        account: 'Account',
        orders: 'Orders',
        ordersSummary: '{{total}} orders, {{paid}} paid, ¥{{yuan}}',
        wallet: 'Wallet',
        points: 'Points',
        certificates: 'Certificates',
        sessions: 'Sessions',
        platform: 'Platform',
        lastUsed: 'Last used',
        disable: 'Disable',
        enable: 'Enable',
        merge: 'Merge account',
        disableTitle: 'Disable user #{{id}} {{name}}',
        enableTitle: 'Enable user #{{id}} {{name}}',
        mergeTitle: 'Merge another account into #{{id}} {{name}}',
        disableWarn: 'Every session of this user ends at once and logins are refused.',
        mergeHint: 'Enter the ID of the account to fold in (B); it is merged into this account #{{id}} (A).',
        mergeFrom: 'Account to merge in (B)',
        mergeFromRequired: 'Enter an account ID',
        done: { disable: 'Disabled', enable: 'Enabled', merge: 'Merged' },
        cancelledAt: 'Cancelled at',
        registeredAt: 'Registered at',
      },
    },
  },
};
