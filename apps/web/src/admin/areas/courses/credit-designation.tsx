import { useTranslate } from '@refinedev/core';
import { App, Alert, Button, Card, DatePicker, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AdminCreditDesignation } from '@medportal/contract/admin-courses';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { consoleRequest } from '../../providers/http';

type Kind = 'course' | 'series' | 'live';
const DATES = ['starts_at', 'ends_at', 'claim_opens_at', 'claim_closes_at'] as const;

/** The designation's form values: instants as dayjs, options one per line. */
function toForm(d: AdminCreditDesignation | null) {
  if (!d) return { credit_class: 'II', attendance_pct: 85, presence_pct: 75, pass_mark_pct: 60, max_attempts: 3, requires_evaluation: true, max_hundredths: 100, questions: [] };
  const out: Record<string, unknown> = { ...d };
  for (const k of DATES) out[k] = dayjs(d[k]);
  out.questions = d.questions.map((q) => ({ ...q, options_zh: q.options_zh.join('\n'), options_en: q.options_en.join('\n'), correct: q.correct.map((c) => c + 1).join(',') }));
  return out;
}

function toBody(v: Record<string, unknown>, updatedAt: string | undefined) {
  const body: Record<string, unknown> = { ...v, lecturer_rule_key: v.lecturer_rule_key ?? null, sessions: [] };
  for (const k of DATES) body[k] = (v[k] as Dayjs).toISOString();
  body.questions = ((v.questions as Array<Record<string, string>>) ?? []).map((q) => ({
    stem_zh: q.stem_zh,
    stem_en: q.stem_en ?? '',
    options_zh: String(q.options_zh ?? '').split('\n').map((s) => s.trim()).filter(Boolean),
    options_en: String(q.options_en ?? '').split('\n').map((s) => s.trim()).filter(Boolean),
    correct: String(q.correct ?? '').split(/[,，\s]+/).filter(Boolean).map((s) => Number(s) - 1),
  }));
  if (updatedAt) body.updated_at = updatedAt;
  return body;
}

/** Designate a course, series or live for CME credit; edit or withdraw it (decision record 0065). */
export function CreditDesignationForm({ kind, id }: { kind: Kind; id: number }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [current, setCurrent] = useState<AdminCreditDesignation | null | undefined>(undefined);
  const [rules, setRules] = useState<Array<{ key: string; role: string; name_zh: string; name_en: string }>>([]);
  const path = adminPathOf('adminCreditDesignation', { kind, id });
  const load = useCallback(async () => {
    const d = await consoleRequest<{ designation: AdminCreditDesignation | null }>('GET', path);
    setCurrent(d.designation);
    form.resetFields();
    form.setFieldsValue(toForm(d.designation));
  }, [form, path]);
  useEffect(() => {
    let live = true;
    const rulesLoad = async () => {
      const d = await consoleRequest<{ items: typeof rules }>('GET', adminPathOf('adminCreditRules')).catch(() => ({ items: [] }));
      if (live) setRules(d.items);
    };
    const first = async () => {
      const d = await consoleRequest<{ designation: AdminCreditDesignation | null }>('GET', path);
      if (!live) return;
      setCurrent(d.designation);
      form.resetFields();
      form.setFieldsValue(toForm(d.designation));
    };
    void first().catch((e: unknown) => void message.error(String((e as Error).message)));
    void rulesLoad();
    return () => {
      live = false;
    };
  }, [form, path, message]);
  const fail = (e: unknown) => void message.error(e instanceof Object && 'message' in e ? String(e.message) : '');

  if (current === undefined) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {current ? (
        <Alert type={current.claims > 0 ? 'warning' : 'info'} message={t('credit.usage', { claims: current.claims, started: current.learners_started })} description={current.claims > 0 ? t('credit.claimedRule') : undefined} />
      ) : (
        <Alert type="info" message={t('credit.none')} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          void consoleRequest<AdminCreditDesignation>('PUT', path, { body: toBody(v as Record<string, unknown>, current?.updated_at) })
            .then(() => {
              void message.success(t('credit.saved'));
              return load();
            })
            .catch(fail)
        }
      >
        <Space wrap size="large">
          <Form.Item name="title_zh" label={`${t('courses.titleField')} (${t('bilingual.zh')})`} rules={[{ required: true }]}>
            <Input style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="title_en" label={`${t('courses.titleField')} (${t('bilingual.en')})`}>
            <Input style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="rule_key" label={t('credit.rule')} rules={[{ required: true }]}>
            <Select style={{ width: 360 }} options={rules.filter((r) => r.role === 'trainee').map((r) => ({ value: r.key, label: r.name_zh }))} />
          </Form.Item>
          <Form.Item name="lecturer_rule_key" label={t('credit.lecturerRule')}>
            <Select allowClear style={{ width: 300 }} options={rules.filter((r) => r.role === 'lecturer').map((r) => ({ value: r.key, label: r.name_zh }))} />
          </Form.Item>
          <Form.Item name="credit_class" label={t('credit.class')} rules={[{ required: true }]}>
            <Select style={{ width: 160 }} options={[{ value: 'I', label: 'I 类' }, { value: 'II', label: 'II 类' }, { value: 'AMA_PRA_1', label: 'AMA PRA Category 1' }]} />
          </Form.Item>
          <Form.Item name="project_number" label={t('credit.project')} rules={[{ required: true }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="max_hundredths" label={t('credit.max')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100000} />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          {DATES.map((k) => (
            <Form.Item key={k} name={k} label={t(`credit.${k}`)} rules={[{ required: true }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          ))}
        </Space>
        <Space wrap size="large">
          <Form.Item name="attendance_pct" label={t('credit.attendance')}>
            <InputNumber min={0} max={100} addonAfter="%" />
          </Form.Item>
          <Form.Item name="presence_pct" label={t('credit.presence')}>
            <InputNumber min={0} max={100} addonAfter="%" />
          </Form.Item>
          <Form.Item name="pass_mark_pct" label={t('credit.passMark')}>
            <InputNumber min={0} max={100} addonAfter="%" />
          </Form.Item>
          <Form.Item name="max_attempts" label={t('credit.attempts')}>
            <InputNumber min={1} max={20} />
          </Form.Item>
          <Form.Item name="requires_evaluation" label={t('credit.evaluation')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.List name="questions">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Title level={5}>{t('credit.questions')}</Typography.Title>
              {fields.map((f) => (
                <Card key={f.key} size="small" extra={<Button danger size="small" onClick={() => remove(f.name)}>{t('courses.delete')}</Button>}>
                  <Space wrap align="start">
                    <Form.Item name={[f.name, 'stem_zh']} label={t('credit.stem')} rules={[{ required: true }]}>
                      <Input.TextArea rows={2} style={{ width: 300 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'options_zh']} label={t('credit.options')} rules={[{ required: true }]}>
                      <Input.TextArea rows={3} style={{ width: 220 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'options_en']} label={t('credit.optionsEn')}>
                      <Input.TextArea rows={3} style={{ width: 220 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'correct']} label={t('credit.correct')} rules={[{ required: true }]}>
                      <Input style={{ width: 100 }} placeholder="2" />
                    </Form.Item>
                  </Space>
                </Card>
              ))}
              <Button onClick={() => add({ stem_zh: '', options_zh: '', options_en: '', correct: '' })}>{t('credit.addQuestion')}</Button>
            </Space>
          )}
        </Form.List>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit">
            {current ? t('credit.save') : t('credit.designate')}
          </Button>
          {current ? (
            <Popconfirm
              title={t('credit.withdrawConfirm')}
              onConfirm={() =>
                void consoleRequest('DELETE', path)
                  .then(() => load())
                  .catch(fail)
              }
            >
              <Button danger disabled={current.claims > 0}>
                {t('credit.withdraw')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Form>
    </Space>
  );
}

/** The designation page for any activity by kind and id (a live's, from the lives area or a link). */
export function CreditDesignationPage() {
  const t = useTranslate();
  const params = useParams();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>((params.kind as Kind | undefined) ?? 'live');
  const [id, setId] = useState<number | null>(params.id ? Number(params.id) : null);
  return (
    <Card title={t('credit.title')}>
      <Space style={{ marginBottom: 16 }}>
        <Select value={kind} onChange={setKind} style={{ width: 120 }} options={(['live', 'course', 'series'] as const).map((k) => ({ value: k, label: t(`credit.kinds.${k}`) }))} />
        <InputNumber min={1} value={id} onChange={(v) => setId(v)} placeholder="ID" />
        <Button type="primary" disabled={!id} onClick={() => {
            if (id) void navigate(`/credit-designations/${kind}/${id}`);
          }}>
          {t('credit.open')}
        </Button>
      </Space>
      {params.kind && params.id ? <CreditDesignationForm key={`${params.kind}-${params.id}`} kind={params.kind as Kind} id={Number(params.id)} /> : null}
    </Card>
  );
}
