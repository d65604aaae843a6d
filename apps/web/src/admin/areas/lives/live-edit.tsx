import { useCustom, useCustomMutation, useTranslate, type HttpError } from '@refinedev/core';
import { Create, Edit, useForm } from '@refinedev/antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicationState } from '@medportal/contract';
import { BilingualInput } from '../../components/bilingual-input';
import { ImageUpload, LIVE_IMAGE_UPLOAD_PATH } from '../../components/image-upload';
import { PublicationTag } from '../../components/publication-tag';
import { RecordGate } from '../../components/record-gate';
import { PublishControl } from '../../components/publish-control';
import { RangeField } from '../../components/range-field';
import { StreamPanel } from './stream-panel';

interface Named {
  id: number;
  name: string;
}
interface AgendaItem {
  id?: number;
  start_at: string;
  end_at: string;
  title_zh: string;
  title_en: string | null;
  speaker_id: number | null;
}
interface Live {
  id: number;
  title_zh: string;
  title_en: string | null;
  sub_title_zh: string;
  sub_title_en: string | null;
  banner: string;
  start_at: string;
  end_at: string;
  state: PublicationState;
  published_at: string | null;
  organizer: Named | null;
  department: Named | null;
  speakers: Named[];
  moderators: Named[];
  access: { login_required: boolean; sign_in_required: boolean; moderated: boolean; has_access_code: boolean };
  agenda: AgendaItem[];
  updated_at: string;
}
interface Options {
  speakers: Named[];
  organizers: Named[];
  departments: Named[];
  moderators: Named[];
}
interface AgendaRow {
  range?: [Dayjs, Dayjs];
  title_zh?: string;
  title_en?: string | null;
  speaker_id?: number | null;
}
interface FormValues {
  title_zh: string;
  title_en: string | null;
  sub_title_zh?: string;
  sub_title_en?: string | null;
  banner?: string | null;
  range: [Dayjs, Dayjs];
  organizer_id?: number | null;
  department_id?: number | null;
  speaker_ids?: number[];
  moderator_ids?: number[];
  login_required?: boolean;
  sign_in_required?: boolean;
  moderated?: boolean;
  access_code?: string;
  remove_code?: boolean;
  agenda?: AgendaRow[];
  updated_at?: string;
}

const toAgenda = (rows: AgendaRow[] | undefined): AgendaItem[] =>
  (rows ?? [])
    .filter((r) => r.range && r.title_zh)
    .map((r) => ({
      start_at: (r.range as [Dayjs, Dayjs])[0].toISOString(),
      end_at: (r.range as [Dayjs, Dayjs])[1].toISOString(),
      title_zh: r.title_zh as string,
      title_en: r.title_en || null,
      speaker_id: r.speaker_id ?? null,
    }));

function toBody(v: FormValues) {
  const code = v.access_code?.trim();
  return {
    title_zh: v.title_zh,
    title_en: v.title_en || null,
    sub_title_zh: v.sub_title_zh ?? '',
    sub_title_en: v.sub_title_en || null,
    banner: v.banner || null,
    start_at: v.range[0].toISOString(),
    end_at: v.range[1].toISOString(),
    organizer_id: v.organizer_id ?? null,
    department_id: v.department_id ?? null,
    speaker_ids: v.speaker_ids ?? [],
    moderator_ids: v.moderator_ids ?? [],
    access: {
      login_required: !!v.login_required,
      sign_in_required: !!v.sign_in_required,
      moderated: !!v.moderated,
      ...(v.remove_code ? { access_code: null } : code ? { access_code: code } : {}),
    },
  };
}

function toForm(l: Live): FormValues {
  return {
    title_zh: l.title_zh,
    title_en: l.title_en,
    sub_title_zh: l.sub_title_zh,
    sub_title_en: l.sub_title_en,
    banner: l.banner,
    range: [dayjs(l.start_at), dayjs(l.end_at)],
    organizer_id: l.organizer?.id ?? null,
    department_id: l.department?.id ?? null,
    speaker_ids: l.speakers.map((s) => s.id),
    moderator_ids: l.moderators.map((m) => m.id),
    login_required: l.access.login_required,
    sign_in_required: l.access.sign_in_required,
    moderated: l.access.moderated,
    agenda: l.agenda.map((a) => ({ range: [dayjs(a.start_at), dayjs(a.end_at)], title_zh: a.title_zh, title_en: a.title_en, speaker_id: a.speaker_id })),
    updated_at: l.updated_at,
  };
}

const rangeProps = { showTime: { format: 'HH:mm' }, format: 'YYYY-MM-DD HH:mm' } as const;

/** The agenda's rows: time, title in both languages, speaker; add, remove and move. */
function AgendaEditor({ speakers }: { speakers: Named[] }) {
  const t = useTranslate();
  return (
    <Form.List name="agenda">
      {(fields, { add, remove, move }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((field, i) => (
            <Card key={field.key} size="small" data-testid={`agenda-row-${i}`}>
              <Row gutter={8} align="middle">
                <Col xs={24} lg={8}>
                  <Form.Item name={[field.name, 'range']} label={t('lives.agendaTime')} rules={[{ required: true }]}>
                    <RangeField {...rangeProps} label={`${t('lives.agendaTime')} ${i + 1}`} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={5}>
                  <Form.Item name={[field.name, 'title_zh']} label={t('bilingual.zh')} rules={[{ required: true, whitespace: true }]}>
                    <Input aria-label={`${t('lives.agendaTitle')} zh ${i + 1}`} maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={5}>
                  <Form.Item name={[field.name, 'title_en']} label={t('bilingual.en')}>
                    <Input aria-label={`${t('lives.agendaTitle')} en ${i + 1}`} maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={4}>
                  <Form.Item name={[field.name, 'speaker_id']} label={t('lives.speaker')}>
                    <Select allowClear showSearch optionFilterProp="label" options={speakers.map((s) => ({ value: s.id, label: s.name }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={2}>
                  <Space>
                    <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('lives.moveUp')} disabled={i === 0} onClick={() => move(i, i - 1)} />
                    <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('lives.moveDown')} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} />
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('lives.removeRow')} onClick={() => remove(field.name)} />
                  </Space>
                </Col>
              </Row>
            </Card>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
            {t('lives.addAgenda')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function LiveForm({ formProps, options, hasCode, onSearchSpeakers, known = [] }: { formProps: object; options: Options | undefined; hasCode: boolean; onSearchSpeakers: (q: string) => void; known?: Named[] }) {
  const t = useTranslate();
  // The live's own speakers stay nameable while the picker shows another search.
  const speakers = [...known, ...(options?.speakers ?? []).filter((s) => !known.some((k) => k.id === s.id))];
  return (
    <Form {...formProps} layout="vertical">
      <BilingualInput name="title" label={t('lives.title')} maxLength={200} />
      <BilingualInput name="sub_title" label={t('lives.subTitle')} optional maxLength={300} />
      <Form.Item name="banner" label={t('lives.cover')} extra={t('lives.coverHint')}>
        <ImageUpload uploadPath={LIVE_IMAGE_UPLOAD_PATH} />
      </Form.Item>
      <Form.Item name="range" label={t('lives.schedule')} rules={[{ required: true }]} extra={t('lives.timezoneHint', { tz: Intl.DateTimeFormat().resolvedOptions().timeZone })}>
        <RangeField {...rangeProps} label={t('lives.schedule')} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="organizer_id" label={t('lives.organizer')}>
            <Select allowClear showSearch optionFilterProp="label" options={(options?.organizers ?? []).map((o) => ({ value: o.id, label: o.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="department_id" label={t('lives.department')}>
            <Select allowClear showSearch optionFilterProp="label" options={(options?.departments ?? []).map((o) => ({ value: o.id, label: o.name }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="speaker_ids" label={t('lives.speakers')} extra={t('lives.speakersHint')}>
        <Select mode="multiple" showSearch filterOption={false} onSearch={onSearchSpeakers} options={speakers.map((s) => ({ value: s.id, label: s.name }))} aria-label={t('lives.speakers')} />
      </Form.Item>
      <Form.Item name="moderator_ids" label={t('lives.moderators')}>
        <Select mode="multiple" optionFilterProp="label" options={(options?.moderators ?? []).map((m) => ({ value: m.id, label: m.name }))} aria-label={t('lives.moderators')} />
      </Form.Item>
      <Card size="small" title={t('lives.access')} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Form.Item name="login_required" valuePropName="checked" noStyle>
            <Checkbox>{t('lives.loginRequired')}</Checkbox>
          </Form.Item>
          <Form.Item name="sign_in_required" valuePropName="checked" noStyle>
            <Checkbox>{t('lives.signInRequired')}</Checkbox>
          </Form.Item>
          <Form.Item name="moderated" valuePropName="checked" noStyle>
            <Checkbox>{t('lives.moderated')}</Checkbox>
          </Form.Item>
        </Space>
        <Row gutter={12} style={{ marginTop: 12 }}>
          <Col xs={24} md={12}>
            <Form.Item name="access_code" label={hasCode ? t('lives.accessCodeNew') : t('lives.accessCode')} rules={[{ min: 4, max: 32 }]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          {hasCode ? (
            <Col xs={24} md={12}>
              <Form.Item name="remove_code" valuePropName="checked" label=" ">
                <Checkbox>{t('lives.removeCode')}</Checkbox>
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Card>
      <Form.Item label={t('lives.agenda')}>
        <AgendaEditor speakers={speakers} />
      </Form.Item>
      <Form.Item name="updated_at" hidden>
        <Input />
      </Form.Item>
    </Form>
  );
}

function useOptions() {
  const [q, setQ] = useState('');
  const { query } = useCustom<Options>({ url: '/v1/admin/lives/options', method: 'get', config: { query: q ? { q } : {} } });
  return { options: query.data?.data, setQ };
}

export function LiveCreate() {
  const t = useTranslate();
  const { options, setQ } = useOptions();
  const { formProps, saveButtonProps, onFinish } = useForm<Live, HttpError, Record<string, unknown>>({ resource: 'lives', action: 'create', redirect: 'edit' });
  const props = { ...formProps, onFinish: (v: unknown) => onFinish({ ...toBody(v as FormValues), agenda: toAgenda((v as FormValues).agenda) }) };
  return (
    <Create saveButtonProps={saveButtonProps} title={t('lives.create')}>
      <LiveForm formProps={props} options={options} hasCode={false} onSearchSpeakers={setQ} />
    </Create>
  );
}

export function LiveEdit() {
  const t = useTranslate();
  const { id } = useParams();
  const liveId = Number(id);
  const { options, setQ } = useOptions();
  const { formProps, saveButtonProps, onFinish, query, form } = useForm<Live, HttpError, Record<string, unknown>>({ resource: 'lives', action: 'edit', id: liveId, redirect: false });
  const { mutateAsync } = useCustomMutation();
  const live = query?.data?.data;
  useEffect(() => {
    if (live) form.setFieldsValue(toForm(live) as never);
  }, [live, form]);
  const props = {
    ...formProps,
    initialValues: undefined,
    onFinish: async (v: unknown) => {
      const values = v as FormValues;
      // The agenda is replaced in its own call, after the live's fields are saved.
      await onFinish({ ...toBody(values), updated_at: values.updated_at });
      await mutateAsync({ url: `/v1/admin/lives/${liveId}/agenda`, method: 'put', values: { items: toAgenda(values.agenda) } });
      await query?.refetch();
    },
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Edit
        saveButtonProps={saveButtonProps}
        title={live ? `${t('lives.edit')} · ${live.title_zh}` : t('lives.edit')}
        headerButtons={live ? <Space><PublicationTag state={live.state} publishedAt={live.published_at} /><PublishControl path={`/v1/admin/lives/${liveId}`} state={live.state} resource="lives" onDone={() => void query?.refetch()} /></Space> : null}
      >
        <RecordGate query={query}>
          <LiveForm formProps={props} options={options} hasCode={live?.access.has_access_code ?? false} onSearchSpeakers={setQ} known={live?.speakers ?? []} />
        </RecordGate>
      </Edit>
      {live ? <StreamPanel liveId={liveId} published={live.state === 'published'} onChanged={() => void query?.refetch()} /> : null}
    </Space>
  );
}
