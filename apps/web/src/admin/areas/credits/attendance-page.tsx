import { useCustom, useCustomMutation, useTranslate } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';

interface EvidenceRow {
  id: number;
  kind: string;
  at: string;
  seconds: number;
  presence_check_id: number | null;
  corrects_id: number | null;
  reason: string | null;
  actor_id: number | null;
}

interface AttendanceData {
  summary: {
    attended_seconds: number;
    scheduled_seconds: number;
    presence_checks: { asked: number; answered: number };
    signed_in: boolean;
    first_seen: string | null;
    last_seen: string | null;
  };
  evidence: EvidenceRow[];
}

interface Lookup {
  user_id: number;
  live_id: number;
}

interface CorrectionForm {
  seconds?: number;
  presence_check_id?: number;
  corrects_id?: number;
  reason: string;
}

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** A user's attendance evidence of a live, and corrections appended to it with a reason. */
export function AttendancePage() {
  const t = useTranslate();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [form] = Form.useForm<CorrectionForm>();
  const { query } = useCustom<AttendanceData>({
    url: adminPathOf('adminAttendance'),
    method: 'get',
    config: { query: lookup ?? {} },
    queryOptions: { enabled: lookup !== null },
  });
  const { mutate, mutation } = useCustomMutation();
  // Not `result.data`: refine answers an empty object there while the lookup loads.
  const data = lookup ? query.data?.data : undefined;
  const correct = (v: CorrectionForm) =>
    lookup &&
    mutate(
      {
        url: adminPathOf('adminAttendanceCorrect'),
        method: 'post',
        values: {
          user_id: lookup.user_id,
          live_id: lookup.live_id,
          seconds: v.seconds ?? 0,
          ...(v.presence_check_id ? { presence_check_id: v.presence_check_id } : {}),
          ...(v.corrects_id ? { corrects_id: v.corrects_id } : {}),
          reason: v.reason.trim(),
        },
        successNotification: () => ({ type: 'success', message: t('credits.attendance.corrected') }),
      },
      {
        onSuccess: () => {
          form.resetFields();
          void query.refetch();
        },
      },
    );
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('credits.attendance.title')}>
        <Form<Lookup> layout="inline" onFinish={setLookup} style={{ rowGap: 8 }}>
          <Form.Item name="user_id" label={t('common.userId')} rules={[{ required: true }]}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="live_id" label={t('credits.attendance.liveId')} rules={[{ required: true }]}>
            <InputNumber min={1} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={query.isFetching}>
            {t('common.search')}
          </Button>
        </Form>
      </Card>
      {query.error ? <Alert type="error" showIcon message={query.error.message} /> : null}
      {data ? (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('credits.attendance.attended')}>{`${minutes(data.summary.attended_seconds)} / ${minutes(data.summary.scheduled_seconds)}`}</Descriptions.Item>
            <Descriptions.Item label={t('credits.attendance.checks')}>{`${data.summary.presence_checks.answered} / ${data.summary.presence_checks.asked}`}</Descriptions.Item>
            <Descriptions.Item label={t('credits.attendance.signedIn')}>{data.summary.signed_in ? t('common.yes') : t('common.no')}</Descriptions.Item>
          </Descriptions>
          <Table<EvidenceRow>
            rowKey="id"
            size="small"
            dataSource={data.evidence}
            pagination={{ pageSize: 50 }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'ID', dataIndex: 'id' },
              { title: t('credits.attendance.kind'), dataIndex: 'kind', render: (k: string) => <Tag color={k === 'correction' ? 'gold' : undefined}>{t(`credits.attendance.kinds.${k}`)}</Tag> },
              { title: t('common.createdAt'), dataIndex: 'at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm:ss" /> },
              { title: t('credits.attendance.seconds'), dataIndex: 'seconds' },
              { title: t('credits.attendance.check'), dataIndex: 'presence_check_id', render: (v: number | null) => v ?? '—' },
              { title: t('common.reason'), dataIndex: 'reason', render: (v: string | null, r: EvidenceRow) => (v ? `${v}${r.actor_id ? ` (#${r.actor_id})` : ''}` : '—') },
            ]}
          />
          <Card title={t('credits.attendance.correct')}>
            <Form<CorrectionForm> form={form} layout="vertical" onFinish={correct} style={{ maxWidth: 560 }}>
              <Form.Item name="seconds" label={t('credits.attendance.addSeconds')} extra={t('credits.attendance.addSecondsHint')}>
                <InputNumber min={-86400} max={86400} />
              </Form.Item>
              <Form.Item name="presence_check_id" label={t('credits.attendance.answerCheck')}>
                <InputNumber min={1} />
              </Form.Item>
              <Form.Item name="corrects_id" label={t('credits.attendance.correctsRow')}>
                <InputNumber min={1} />
              </Form.Item>
              <Form.Item name="reason" label={t('common.reason')} rules={[{ required: true, whitespace: true, min: 5, message: t('credits.attendance.reasonMin') }]}>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t('credits.attendance.correct')}
              </Button>
            </Form>
          </Card>
        </>
      ) : null}
    </Space>
  );
}
