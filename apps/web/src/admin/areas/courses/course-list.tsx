import { useTranslate } from '@refinedev/core';
import { CreateButton } from '@refinedev/antd';
import { Form, Select, Tag } from 'antd';
import { Link } from 'react-router';
import type { PublicationState } from '@medportal/contract';
import type { AdminCourseItem } from '@medportal/contract/admin-courses';
import { BilingualText } from '../../components/bilingual-input';
import { ConsoleList } from '../../components/list-page';
import { formatFen } from '../../components/money-input';
import { PublicationTag } from '../../components/publication-tag';

const STATES: PublicationState[] = ['draft', 'scheduled', 'published', 'offline', 'unlisted'];

/** Courses and series: search by title (zh/en), filters, sort, bulk publish and offline. */
export function CourseListPage() {
  const t = useTranslate();
  return (
    <ConsoleList<AdminCourseItem>
      resource="courses"
      headerButtons={<CreateButton resource="courses">{t('courses.new')}</CreateButton>}
      bulkActions={[
        { action: 'publish', label: t('courses.bulkPublish') },
        { action: 'offline', label: t('courses.bulkOffline'), danger: true },
      ]}
      filters={
        <>
          <Form.Item name="state">
            <Select allowClear placeholder={t('courses.state')} style={{ width: 140 }} options={STATES.map((s) => ({ value: s, label: t(`publication.${s}`) }))} />
          </Form.Item>
          <Form.Item name="course_type">
            <Select
              allowClear
              placeholder={t('courses.type')}
              style={{ width: 120 }}
              options={[
                { value: 1, label: t('courses.single') },
                { value: 2, label: t('courses.series') },
              ]}
            />
          </Form.Item>
          <Form.Item name="price_type">
            <Select
              allowClear
              placeholder={t('courses.priceType')}
              style={{ width: 120 }}
              options={[
                { value: 1, label: t('courses.free') },
                { value: 2, label: t('courses.paid') },
              ]}
            />
          </Form.Item>
          <Form.Item name="sort">
            <Select
              allowClear
              placeholder={t('courses.sort')}
              style={{ width: 140 }}
              options={['updated', 'published', 'learners'].map((s) => ({ value: s, label: t(`courses.sorts.${s}`) }))}
            />
          </Form.Item>
        </>
      }
      columns={[
        { dataIndex: 'id', title: 'ID', width: 70 },
        {
          dataIndex: 'title_zh',
          title: t('courses.titleField'),
          render: (_, r) => (
            <Link to={`/courses/${r.id}`}>
              <BilingualText zh={r.title_zh} en={r.title_en} />
            </Link>
          ),
        },
        { dataIndex: 'course_type', title: t('courses.type'), render: (v: number) => (v === 2 ? t('courses.series') : t('courses.single')) },
        { dataIndex: 'price', title: t('courses.price'), render: (v: number, r) => (r.price_type === 1 ? t('courses.free') : formatFen(v)) },
        { dataIndex: 'state', title: t('courses.state'), render: (_, r) => <PublicationTag state={r.state} publishedAt={r.published_at} /> },
        { dataIndex: 'chapters', title: t('courses.chapters') },
        { dataIndex: 'learn_count', title: t('courses.learners') },
        { dataIndex: 'speaker', title: t('courses.speaker'), render: (v: AdminCourseItem['speaker']) => v?.name ?? '' },
        { dataIndex: 'credit', title: t('courses.credit'), render: (v: boolean) => (v ? <Tag color="cyan">CME</Tag> : null) },
        { dataIndex: 'updated_at', title: t('courses.updated'), render: (v: string) => new Date(v).toLocaleString() },
      ]}
    />
  );
}
