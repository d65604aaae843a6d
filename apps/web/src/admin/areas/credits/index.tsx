import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { AttendancePage } from './attendance-page';
import { CertificatesPage } from './certificates-page';

const kinds = {
  zh: { join: '进入', leave: '离开', heartbeat: '观看心跳', presence_answer: '签到应答', sign_in: '现场签到', correction: '人工更正' },
  en: { join: 'Joined', leave: 'Left', heartbeat: 'Watching', presence_answer: 'Presence answer', sign_in: 'Signed in', correction: 'Correction' },
};

/** Credits (area `credits`): attendance evidence and corrections, certificate revocation. */
export const creditsArea: ConsoleArea = {
  area: 'credits',
  resources: [
    { name: 'attendance', list: '/credits/attendance', meta: { labelKey: 'credits.attendance.title' } },
    { name: 'certificates', list: '/credits/certificates', meta: { labelKey: 'credits.certificates.title' } },
  ],
  routes: (
    <>
      <Route path="/credits/attendance" element={<AttendancePage />} />
      <Route path="/credits/certificates" element={<CertificatesPage />} />
    </>
  ),
  texts: {
    zh: {
      credits: {
        attendance: {
          title: '出勤记录',
          liveId: '直播 ID',
          attended: '观看时长 / 应到时长',
          checks: '签到应答 / 发起',
          signedIn: '现场签到',
          kind: '记录',
          kinds: kinds.zh,
          seconds: '秒数',
          check: '签到 ID',
          correct: '追加更正',
          corrected: '已追加更正',
          addSeconds: '增减秒数',
          addSecondsHint: '负数为扣减；原始记录不会改变',
          answerCheck: '视为已应答的签到 ID',
          correctsRow: '所更正的记录 ID',
          reasonMin: '原因至少 5 个字',
        },
        certificates: {
          title: '证书撤销',
          id: '证书 ID',
          revoke: '撤销证书',
          confirm: '确定撤销？撤销后验证页面将显示"已撤销"。',
          revoked: '证书 {{id}}（用户 {{user}}）已撤销',
        },
      },
    },
    en: {
      credits: {
        attendance: {
          title: 'Attendance',
          liveId: 'Live ID',
          attended: 'Attended / scheduled',
          checks: 'Presence answered / asked',
          signedIn: 'Signed in on site',
          kind: 'Record',
          kinds: kinds.en,
          seconds: 'Seconds',
          check: 'Check ID',
          correct: 'Add a correction',
          corrected: 'Correction added',
          addSeconds: 'Seconds to add',
          addSecondsHint: 'Negative takes away; the original records never change',
          answerCheck: 'Count this presence check as answered',
          correctsRow: 'The record this corrects',
          reasonMin: 'At least 5 characters',
        },
        certificates: {
          title: 'Certificate revocation',
          id: 'Certificate ID',
          revoke: 'Revoke the certificate',
          confirm: 'Revoke it? Its verification page will then say revoked.',
          revoked: 'Certificate {{id}} (user {{user}}) is revoked',
        },
      },
    },
  },
};
