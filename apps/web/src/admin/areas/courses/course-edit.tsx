import { useInvalidate, useTranslate } from '@refinedev/core';
import { Create, Edit, useForm } from '@refinedev/antd';
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminChapter, AdminCourse } from '@medportal/contract/admin-courses';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { BilingualInput } from '../../components/bilingual-input';
import { ImageUpload } from '../../components/image-upload';
import { MoneyInput } from '../../components/money-input';
import { PreviewButton } from '../../components/preview-button';
import { PublicationTag } from '../../components/publication-tag';
import { RecordGate } from '../../components/record-gate';
import { PublishControl } from '../../components/publish-control';
import { consoleRequest } from '../../providers/http';
import { CreditDesignationForm } from './credit-designation';

type Option = { value: number; label: string };

/** Speakers and departments to choose from (the public lists: what readers can be shown). */
function useChoices() {
  const [speakers, setSpeakers] = useState<Option[]>([]);
  const [departments, setDepartments] = useState<Option[]>([]);
  useEffect(() => {
    consoleRequest<{ items: Array<{ id: number; name: string }> }>('GET', '/v1/speaker', { query: { page_size: 100 } })
      .then((d) => setSpeakers(d.items.map((s) => ({ value: s.id, label: s.name }))))
      .catch(() => setSpeakers([]));
    consoleRequest<{ items?: Array<{ id: number; title?: string; name?: string }> } | Array<{ id: number; title?: string; name?: string }>>('GET', '/v1/user/meeting/department')
      .then((d) => {
        const items = Array.isArray(d) ? d : (d.items ?? []);
        setDepartments(items.map((x) => ({ value: x.id, label: x.title ?? x.name ?? String(x.id) })));
      })
      .catch(() => setDepartments([]));
  }, []);
  return { speakers, departments };
}

/** The course's own fields (shared by create and edit). */
function CourseFields({ seriesOptions }: { seriesOptions: Option[] }) {
  const t = useTranslate();
  const { speakers, departments } = useChoices();
  const form = Form.useFormInstance();
  const priceType = Form.useWatch('price_type', form) as number | undefined;
  const courseType = Form.useWatch('course_type', form) as number | undefined;
  return (
    <>
      <Form.Item name="course_type" label={t('courses.type')} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 1, label: t('courses.single') },
            { value: 2, label: t('courses.series') },
          ]}
        />
      </Form.Item>
      <BilingualInput name="title" label={t('courses.titleField')} maxLength={200} />
      <BilingualInput name="summary" label={t('courses.summary')} rows={4} maxLength={5000} optional />
      <Form.Item name="cover" label={t('courses.cover')} rules={[{ required: true }]}>
        <ImageUpload />
      </Form.Item>
      <Form.Item name="price_type" label={t('courses.priceType')} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 1, label: t('courses.free') },
            { value: 2, label: t('courses.paid') },
          ]}
        />
      </Form.Item>
      {priceType === 2 ? (
        <Space size="large" wrap>
          <Form.Item name="price" label={t('courses.price')} rules={[{ required: true }, { validator: (_, v: number) => (v > 0 ? Promise.resolve() : Promise.reject(new Error(t('courses.pricePositive')))) }]}>
            <MoneyInput aria-label={t('courses.price')} />
          </Form.Item>
          <Form.Item name="original_price" label={t('courses.originalPrice')}>
            <MoneyInput aria-label={t('courses.originalPrice')} />
          </Form.Item>
        </Space>
      ) : null}
      <Space size="large" wrap>
        <Form.Item name="speaker_id" label={t('courses.speaker')}>
          <Select allowClear showSearch optionFilterProp="label" options={speakers} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="department_id" label={t('courses.department')}>
          <Select allowClear showSearch optionFilterProp="label" options={departments} style={{ width: 240 }} />
        </Form.Item>
        {courseType === 1 ? (
          <Form.Item name="series_id" label={t('courses.inSeries')}>
            <Select allowClear showSearch optionFilterProp="label" options={seriesOptions} style={{ width: 280 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="is_featured" label={t('courses.featured')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </>
  );
}

function useSeriesOptions(exclude?: number): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    consoleRequest<{ items: Array<{ id: number; title_zh: string }> }>('GET', adminPathOf('adminCourses'), { query: { course_type: 2, page_size: 100 } })
      .then((d) => setOptions(d.items.filter((s) => s.id !== exclude).map((s) => ({ value: s.id, label: `${s.id} · ${s.title_zh}` }))))
      .catch(() => setOptions([]));
  }, [exclude]);
  return options;
}

/** Form values as the API takes them: empty prices 0, a free course costs 0. */
function toBody(values: Record<string, unknown>) {
  const free = values.price_type !== 2;
  return {
    ...values,
    summary_zh: values.summary_zh ?? '',
    price: free ? 0 : (values.price ?? 0),
    original_price: free ? 0 : (values.original_price ?? 0),
    speaker_id: values.speaker_id ?? null,
    department_id: values.department_id ?? null,
    series_id: values.course_type === 1 ? (values.series_id ?? null) : null,
    is_featured: Boolean(values.is_featured),
  };
}

export function CourseCreatePage() {
  const t = useTranslate();
  const { formProps, saveButtonProps, onFinish } = useForm({ resource: 'courses', action: 'create', redirect: 'edit' });
  const series = useSeriesOptions();
  return (
    <Create title={t('courses.new')} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={{ course_type: 1, price_type: 1 }} onFinish={(v) => void onFinish(toBody(v as Record<string, unknown>))}>
        <CourseFields seriesOptions={series} />
      </Form>
    </Create>
  );
}

export function CourseEditPage() {
  const t = useTranslate();
  const id = Number(useParams().id);
  const { formProps, saveButtonProps, onFinish, query } = useForm<AdminCourse>({ resource: 'courses', action: 'edit', id, redirect: false });
  const course = query?.data?.data;
  const series = useSeriesOptions(id);
  const refresh = () => void query?.refetch();
  return (
    <Edit
      title={course ? `${t('courses.edit')} · ${course.title_zh}` : t('courses.edit')}
      saveButtonProps={saveButtonProps}
      headerButtons={
        course ? (
          <Space wrap>
            <PublicationTag state={course.state} publishedAt={course.published_at} />
            <PreviewButton kind="course" id={id} />
            <PublishControl path={`/v1/admin/courses/${id}`} state={course.state} resource="courses" onDone={refresh} />
          </Space>
        ) : null
      }
    >
      <Tabs
        items={[
          {
            key: 'course',
            label: t('courses.tabCourse'),
            children: (
              <RecordGate query={query}>
                <Form
                  {...formProps}
                  layout="vertical"
                  onFinish={(v) => void onFinish({ ...toBody(v as Record<string, unknown>), updated_at: query?.data?.data.updated_at })}
                >
                  <CourseFields seriesOptions={series} />
                </Form>
              </RecordGate>
            ),
          },
          {
            key: 'chapters',
            label: `${t('courses.chapters')} (${course?.chapters_list.length ?? 0})`,
            // Keyed by the chapters' versions: a reload starts from what the server holds.
            children: course ? <ChaptersTable key={course.chapters_list.map((c) => `${c.id}:${c.updated_at}`).join(',')} course={course} onChanged={refresh} /> : null,
          },
          ...(course && course.course_type === 2
            ? [
                {
                  key: 'members',
                  label: t('courses.members'),
                  children: (
                    <Table
                      rowKey="id"
                      pagination={false}
                      dataSource={course.members}
                      columns={[
                        { dataIndex: 'id', title: 'ID', width: 80 },
                        { dataIndex: 'title_zh', title: t('courses.titleField'), render: (v: string, r) => <Link to={`/courses/${r.id}`}>{v}</Link> },
                        { dataIndex: 'state', title: t('courses.state'), render: (v: AdminCourse['state']) => <PublicationTag state={v} /> },
                      ]}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'credit',
            label: t('credit.tab'),
            children: course ? <CreditDesignationForm kind={course.course_type === 2 ? 'series' : 'course'} id={id} /> : null,
          },
        ]}
      />
    </Edit>
  );
}

/** The chapters: add, edit in place, delete, trial switch, drag a row to reorder (one call with the whole order). */
function ChaptersTable({ course, onChanged }: { course: AdminCourse; onChanged: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [rows, setRows] = useState<AdminChapter[]>(course.chapters_list);
  const [dragged, setDragged] = useState<number | null>(null);
  const [adding] = Form.useForm<{ title_zh: string; title_en: string | null; duration_s: number; is_free: boolean }>();

  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      onChanged();
      void invalidate({ resource: 'courses', invalidates: ['list'] });
    } catch (error) {
      void message.error(error instanceof Object && 'message' in error ? String(error.message) : t('courses.failed'));
      onChanged();
    }
  };
  const save = (ch: AdminChapter, patch: Partial<AdminChapter>) =>
    run(() =>
      consoleRequest('PUT', adminPathOf('adminChapterUpdate', { id: ch.id }), {
        body: { title_zh: ch.title_zh, title_en: ch.title_en, duration_s: ch.duration_s, is_free: ch.is_free, ...patch, updated_at: ch.updated_at },
      }),
    );
  const drop = (targetId: number) => {
    if (dragged === null || dragged === targetId) return;
    const order = rows.map((r) => r.id).filter((x) => x !== dragged);
    order.splice(order.indexOf(targetId), 0, dragged);
    setRows(order.map((x) => rows.find((r) => r.id === x)!));
    setDragged(null);
    void run(() => consoleRequest('PUT', adminPathOf('adminChapterOrder', { id: course.id }), { body: { ids: order } }));
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('courses.dragHint')}</Typography.Text>
      <Table<AdminChapter>
        rowKey="id"
        pagination={false}
        dataSource={rows}
        onRow={(r) => ({
          draggable: true,
          onDragStart: () => setDragged(r.id),
          onDragOver: (e) => e.preventDefault(),
          onDrop: () => drop(r.id),
          style: { cursor: 'move' },
          'data-testid': `chapter-${r.id}`,
        }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '#', width: 50, render: (_, __, i) => i + 1 },
          {
            dataIndex: 'title_zh',
            title: t('courses.chapterTitle'),
            render: (_, r) => (
              <Space direction="vertical" size={2}>
                <Typography.Text editable={{ onChange: (v) => v.trim() && v !== r.title_zh && void save(r, { title_zh: v.trim() }) }}>{r.title_zh}</Typography.Text>
                <Typography.Text type={r.title_en ? undefined : 'secondary'} editable={{ onChange: (v) => v !== (r.title_en ?? '') && void save(r, { title_en: v.trim() || null }) }}>
                  {r.title_en ?? ''}
                </Typography.Text>
                {r.title_en ? null : <Tag color="gold">{t('bilingual.showsChinese')}</Tag>}
              </Space>
            ),
          },
          {
            dataIndex: 'duration_s',
            title: t('courses.duration'),
            render: (v: number, r) => <InputNumber min={0} max={86400} defaultValue={v} addonAfter="s" onBlur={(e) => Number(e.target.value) !== v && void save(r, { duration_s: Number(e.target.value) || 0 })} />,
          },
          { dataIndex: 'is_free', title: t('courses.trial'), render: (v: boolean, r) => <Switch checked={v} aria-label={t('courses.trial')} onChange={(checked) => void save(r, { is_free: checked })} /> },
          {
            dataIndex: 'video',
            title: t('courses.video'),
            render: (v: AdminChapter['video']) =>
              v ? (
                <Space>
                  {v.poster ? <img src={v.poster} alt="" width={64} /> : null}
                  <span>{Math.round(v.duration_s / 60)} min</span>
                </Space>
              ) : (
                <Typography.Text type="secondary">
                  {t('courses.noVideo')} <Link to="/media">{t('courses.toMedia')}</Link>
                </Typography.Text>
              ),
          },
          { dataIndex: 'learners', title: t('courses.learners') },
          {
            title: '',
            render: (_, r) => (
              <Popconfirm title={t('courses.deleteChapter')} onConfirm={() => void run(() => consoleRequest('DELETE', adminPathOf('adminChapterDelete', { id: r.id })))}>
                <Button danger size="small">
                  {t('courses.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Card size="small" title={t('courses.addChapter')}>
        <Form
          form={adding}
          layout="inline"
          initialValues={{ duration_s: 0, is_free: false }}
          onFinish={(v) =>
            void run(async () => {
              await consoleRequest('POST', adminPathOf('adminChapterCreate', { id: course.id }), { body: { ...v, title_en: v.title_en || null } });
              adding.resetFields();
            })
          }
          style={{ rowGap: 8 }}
        >
          <Form.Item name="title_zh" label={t('bilingual.zh')} rules={[{ required: true, whitespace: true }]}>
            <Input aria-label={t('courses.chapterTitleZh')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="title_en" label={t('bilingual.en')}>
            <Input aria-label={t('courses.chapterTitleEn')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="duration_s" label={t('courses.duration')}>
            <InputNumber min={0} max={86400} addonAfter="s" />
          </Form.Item>
          <Form.Item name="is_free" label={t('courses.trial')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" type="primary">
              {t('courses.addChapter')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </Space>
  );
}
