import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { AuditLogPage } from './audit-log-page';

/** The audit log (area `audit`): every write of the console, who, what, when, before and after. */
export const auditArea: ConsoleArea = {
  area: 'audit',
  resources: [{ name: 'audit_log', list: '/audit', meta: { labelKey: 'audit.title' } }],
  routes: <Route path="/audit" element={<AuditLogPage />} />,
  texts: {
    zh: {
      audit: {
        title: '审计日志',
        kind: '类别',
        kindAny: '全部类别',
        action: '动作',
        actor: '操作人 ID',
        target: '对象',
        targetHint: '如 order:20261128xxxx',
        time: '时间范围',
        before: '修改前',
        after: '修改后',
        changed: '变化的字段',
        kinds: {
          'order.': '订单',
          'wallet.': '钱包',
          'withdrawal.': '提现',
          'coupon_campaign.': '优惠券活动',
          'voucher_batch.': '兑换码批次',
          'staff.': '员工角色',
          'certificate.': '证书',
          'attendance.': '出勤',
          'account.': '账号',
          'news.': '资讯',
          'home.': '首页',
        },
      },
    },
    en: {
      audit: {
        title: 'Audit log',
        kind: 'Kind',
        kindAny: 'Every kind',
        action: 'Action',
        actor: 'Actor ID',
        target: 'Target',
        targetHint: 'e.g. order:20261128xxxx',
        time: 'Time range',
        before: 'Before',
        after: 'After',
        changed: 'Changed fields',
        kinds: {
          'order.': 'Orders',
          'wallet.': 'Wallets',
          'withdrawal.': 'Withdrawals',
          'coupon_campaign.': 'Coupon campaigns',
          'voucher_batch.': 'Voucher batches',
          'staff.': 'Staff roles',
          'certificate.': 'Certificates',
          'attendance.': 'Attendance',
          'account.': 'Accounts',
          'news.': 'News',
          'home.': 'Home page',
        },
      },
    },
  },
};
