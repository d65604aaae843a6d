import { useCreate, useTranslate } from '@refinedev/core';
import { DateField } from '@refinedev/antd';
import { Button, Form, InputNumber, Modal, Radio, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { BilingualInput, BilingualText } from '../../components/bilingual-input';
import { ConsoleList } from '../../components/list-page';
import { formatFen, MoneyInput } from '../../components/money-input';
import { RangeField } from '../../components/range-field';

interface AdminCampaign {
  id: number;
  title_zh: string;
  title_en: string | null;
  kind: 'amount' | 'discount';
  value: number;
  max_discount: number | null;
  min_spend: number;
  scope: 'all' | 'courses';
  course_ids: number[];
  total: number | null;
  issued: number;
  per_user_limit: number;
  claim_starts_at: string;
  claim_ends_at: string;
  valid_days: number;
  active: boolean;
}

interface CampaignForm {
  title_zh: string;
  title_en: string | null;
  kind: 'amount' | 'discount';
  value: number;
  max_discount: number | null;
  min_spend: number;
  scope: 'all' | 'courses';
  course_ids?: number[];
  total: number | null;
  per_user_limit: number;
  claim: [Dayjs, Dayjs];
  valid_days: number;
}

/** Coupon campaigns: the list, and a new campaign (amount or percent off, for all or some courses). */
export function CampaignsPage() {
  const t = useTranslate();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<CampaignForm>();
  const kind = Form.useWatch('kind', form);
  const scope = Form.useWatch('scope', form);
  const { mutate, mutation } = useCreate();
  const submit = (v: CampaignForm) =>
    mutate(
      {
        resource: 'coupon_campaigns',
        values: {
          title_zh: v.title_zh,
          ...(v.title_en ? { title_en: v.title_en } : {}),
          kind: v.kind,
          value: v.value,
          max_discount: v.kind === 'discount' ? (v.max_discount ?? null) : null,
          min_spend: v.min_spend ?? 0,
          scope: v.scope,
          course_ids: v.scope === 'courses' ? (v.course_ids ?? []) : [],
          total: v.total ?? null,
          per_user_limit: v.per_user_limit,
          claim_starts_at: v.claim[0].toISOString(),
          claim_ends_at: v.claim[1].toISOString(),
          valid_days: v.valid_days,
        },
      },
      {
        onSuccess: () => {
          setCreating(false);
          form.resetFields();
        },
      },
    );
  const describe = (c: AdminCampaign) => (c.kind === 'amount' ? t('money.campaigns.amountOff', { amount: formatFen(c.value) }) : t('money.campaigns.percentOff', { percent: c.value }));
  return (
    <>
      <ConsoleList<AdminCampaign>
        resource="coupon_campaigns"
        title={t('money.campaigns.title')}
        search={false}
        headerButtons={
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('buttons.create')}
          </Button>
        }
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: t('money.campaigns.name'), key: 'title', render: (_: unknown, c: AdminCampaign) => <BilingualText zh={c.title_zh} en={c.title_en} /> },
          { title: t('money.campaigns.rule'), key: 'rule', render: (_: unknown, c: AdminCampaign) => `${describe(c)} · ${t('money.campaigns.minSpend')} ${formatFen(c.min_spend)}` },
          { title: t('money.campaigns.issued'), key: 'issued', render: (_: unknown, c: AdminCampaign) => `${c.issued} / ${c.total ?? '∞'}` },
          { title: t('money.campaigns.claimEnds'), dataIndex: 'claim_ends_at', render: (v: string) => <DateField value={v} format="YYYY-MM-DD HH:mm" /> },
          { title: t('common.status'), dataIndex: 'active', render: (a: boolean) => <Tag color={a ? 'green' : 'default'}>{a ? t('money.campaigns.active') : t('money.campaigns.ended')}</Tag> },
        ]}
      />
      <Modal open={creating} width={720} title={t('money.campaigns.create')} okText={t('buttons.save')} okButtonProps={{ loading: mutation.isPending }} onOk={() => form.submit()} onCancel={() => setCreating(false)}>
        <Form<CampaignForm> form={form} layout="vertical" initialValues={{ kind: 'amount', scope: 'all', per_user_limit: 1, valid_days: 30, min_spend: 0 }} onFinish={submit}>
          <BilingualInput name="title" label={t('money.campaigns.name')} maxLength={60} />
          <Form.Item name="kind" label={t('money.campaigns.kind')}>
            <Radio.Group options={[{ value: 'amount', label: t('money.campaigns.kindAmount') }, { value: 'discount', label: t('money.campaigns.kindDiscount') }]} />
          </Form.Item>
          {kind === 'discount' ? (
            <>
              <Form.Item name="value" label={t('money.campaigns.percent')} rules={[{ required: true }]}>
                <InputNumber min={1} max={99} suffix="%" />
              </Form.Item>
              <Form.Item name="max_discount" label={t('money.campaigns.maxDiscount')}>
                <MoneyInput />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="value" label={t('money.campaigns.amount')} rules={[{ required: true }]}>
              <MoneyInput />
            </Form.Item>
          )}
          <Form.Item name="min_spend" label={t('money.campaigns.minSpend')}>
            <MoneyInput />
          </Form.Item>
          <Form.Item name="scope" label={t('money.campaigns.scope')}>
            <Radio.Group options={[{ value: 'all', label: t('money.campaigns.scopeAll') }, { value: 'courses', label: t('money.campaigns.scopeCourses') }]} />
          </Form.Item>
          {scope === 'courses' ? (
            <Form.Item
              name="course_ids"
              label={t('money.campaigns.courseIds')}
              rules={[{ required: true }]}
              normalize={(v: (string | number)[]) => v.map(Number).filter((n) => Number.isInteger(n) && n > 0)}
            >
              <Select mode="tags" tokenSeparators={[',', ' ']} />
            </Form.Item>
          ) : null}
          <Form.Item name="total" label={t('money.campaigns.total')} extra={t('money.campaigns.totalHint')}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="per_user_limit" label={t('money.campaigns.perUser')}>
            <InputNumber min={1} max={100} />
          </Form.Item>
          <Form.Item name="claim" label={t('money.campaigns.claimWindow')} rules={[{ required: true }]}>
            <RangeField showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" label={t('money.campaigns.claimWindow')} />
          </Form.Item>
          <Form.Item name="valid_days" label={t('money.campaigns.validDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
