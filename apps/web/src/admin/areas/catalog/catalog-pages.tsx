import { CreateButton, DeleteButton, Edit, Create, EditButton, useForm } from '@refinedev/antd';
import { useCustomMutation, useInvalidate, useList, useTranslate, type BaseRecord } from '@refinedev/core';
import { Button, Card, DatePicker, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PublicationState } from '@medportal/contract';
import { BilingualInput, BilingualText } from '../../components/bilingual-input';
import { ImageUpload } from '../../components/image-upload';
import { ConsoleList } from '../../components/list-page';
import { PublicationTag } from '../../components/publication-tag';
import { RecordGate } from '../../components/record-gate';
import { RemoteSelect } from '../../components/remote-select';
import { catalogSource, channelSource, departmentSource, regionSource } from '../../components/remote-sources';
import { PublishControl } from '../../components/publish-control';
import type { CatalogField, CatalogRef, CatalogResourceDef } from './definitions';

type Item = BaseRecord & { id: number; updated_at: string; state?: PublicationState; published_at?: string | null };

const useLang = () => {
  const t = useTranslate();
  return t('catalog.lang') === 'en' ? 'en' : 'zh';
};

const refSource = (ref: CatalogRef, lang: 'zh' | 'en') =>
  ref === 'regions' ? regionSource(lang) : ref === 'channels' ? channelSource(lang) : ref === 'departments' ? departmentSource(lang) : catalogSource(ref.resource, ref.nameField, lang);

/** One catalog resource's list: search, its filters, state, bulk publish / take offline / delete. */
export function CatalogListPage({ def }: { def: CatalogResourceDef }) {
  const t = useTranslate();
  const lang = useLang();
  const label = (name: string) => t(`catalog.fields.${name}`);
  const columns: TableProps<Item>['columns'] = [
    { title: 'ID', dataIndex: 'id', sorter: true, width: 70 },
    ...def.columns.map((c) => ({
      title: label(c.name),
      dataIndex: c.name,
      key: c.name,
      render: (_: unknown, row: Item) =>
        c.bilingual ? (
          <BilingualText zh={String(row[`${c.name}_zh`] ?? '')} en={row[`${c.name}_en`] as string | null} />
        ) : c.image ? (
          row[c.name] ? <img src={String(row[c.name])} alt="" style={{ width: 40, height: 40, objectFit: 'cover' }} /> : null
        ) : (
          String(row[c.name] ?? '')
        ),
    })),
    ...(def.publication
      ? [{ title: t('common.status'), dataIndex: 'state', render: (_: unknown, row: Item) => <PublicationTag state={row.state as PublicationState} publishedAt={row.published_at ?? null} /> }]
      : []),
    { title: label('updated_at'), dataIndex: 'updated_at', sorter: true, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, row: Item) => (
        <Space>
          <EditButton hideText size="small" resource={def.name} recordItemId={row.id} />
          {def.publication ? null : <DeleteButton hideText size="small" resource={def.name} recordItemId={row.id} />}
        </Space>
      ),
    },
  ];
  const filters = def.filters?.map((f) => (
    <Form.Item key={f.name} name={f.name}>
      <Select allowClear placeholder={label(f.name)} style={{ width: 180 }} options={f.options.map((o) => ({ value: o, label: f.labels?.[o]?.[lang] ?? o }))} />
    </Form.Item>
  ));
  const stateFilter = def.publication ? (
    <Form.Item name="state">
      <Select
        allowClear
        placeholder={t('common.status')}
        style={{ width: 140 }}
        options={['draft', 'scheduled', 'published', 'offline'].map((s) => ({ value: s, label: t(`publication.${s}`) }))}
      />
    </Form.Item>
  ) : null;
  const bulk = def.publication
    ? [
        { action: 'publish', label: t('catalog.bulkPublish') },
        { action: 'offline', label: t('catalog.bulkOffline'), danger: true },
      ]
    : [{ action: 'delete', label: t('catalog.bulkDelete'), danger: true }];
  return (
    <ConsoleList<Item>
      resource={def.name}
      title={t(`catalog.resources.${def.name}`)}
      columns={columns}
      filters={
        <>
          {stateFilter}
          {filters}
        </>
      }
      bulkActions={bulk}
      headerButtons={<CreateButton resource={def.name} />}
    />
  );
}

function FieldInput({ field, fixed }: { field: CatalogField; fixed: boolean }): ReactNode {
  const t = useTranslate();
  const lang = useLang();
  const label = t(`catalog.fields.${field.name}`);
  switch (field.kind) {
    case 'bilingual':
      return <BilingualInput key={field.name} name={field.name} label={label} optional={field.optional ?? false} rows={field.rows} maxLength={field.maxLength} />;
    case 'image':
      return (
        <Form.Item key={field.name} name={field.name} label={label} rules={field.required ? [{ required: true }] : []}>
          <ImageField />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item key={field.name} name={field.name} label={label} rules={field.required ? [{ required: true }] : []}>
          <InputNumber disabled={fixed} style={{ width: 200 }} />
        </Form.Item>
      );
    case 'list':
      return (
        <Form.Item key={field.name} label={label}>
          <Form.List name={field.name}>
            {(rows, { add, remove, move }) => (
              <Space direction="vertical" style={{ width: '100%', maxWidth: 960 }}>
                {rows.map((row, i) => (
                  <Card
                    key={row.key}
                    size="small"
                    title={`${i + 1}`}
                    extra={
                      <Space>
                        <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                          {t('catalog.fields.move_up')}
                        </Button>
                        <Button size="small" disabled={i === rows.length - 1} onClick={() => move(i, i + 1)}>
                          {t('catalog.fields.move_down')}
                        </Button>
                        <Button size="small" danger onClick={() => remove(row.name)}>
                          {t('catalog.fields.remove_row')}
                        </Button>
                      </Space>
                    }
                  >
                    {field.parts.map((part) => (
                      <Form.Item
                        key={part.name}
                        name={[row.name, part.name]}
                        label={t(`catalog.fields.${part.name}`)}
                        extra={part.name === 'url' ? t('catalog.fields.url_hint') : undefined}
                        rules={[
                          ...(part.required ? [{ required: true, whitespace: true }] : []),
                          ...(part.name === 'url' ? [{ pattern: /^(\/(?!\/)|https:\/\/)/, message: t('catalog.fields.url_hint') }] : []),
                        ]}
                        // An empty English text is "not written" (null: readers see the Chinese).
                        normalize={(v: string) => (part.name.endsWith('_en') && v === '' ? null : v)}
                      >
                        {part.rows ? <Input.TextArea rows={part.rows} maxLength={part.maxLength} showCount /> : <Input maxLength={part.maxLength} />}
                      </Form.Item>
                    ))}
                  </Card>
                ))}
                <Button onClick={() => add(Object.fromEntries(field.parts.map((p) => [p.name, p.name.endsWith('_en') ? null : ''])))} disabled={rows.length >= field.max}>
                  {t('catalog.fields.add_row')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
      );
    case 'links':
      return (
        <Form.Item key={field.name} name={field.name} label={label}>
          <RemoteSelect source={refSource(field.ref, lang)} multiple />
        </Form.Item>
      );
    case 'ref':
      return (
        <Form.Item key={field.name} name={field.name} label={label} rules={field.required ? [{ required: true }] : []}>
          <RemoteSelect source={refSource(field.ref, lang)} disabled={fixed} allowClear={!field.required} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item
          key={field.name}
          name={field.name}
          label={label}
          rules={field.required ? [{ required: true }] : []}
          getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })}
          normalize={(v: dayjs.Dayjs | null) => (v ? v.format('YYYY-MM-DD') : null)}
        >
          <DatePicker />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item key={field.name} name={field.name} label={label} rules={field.required ? [{ required: true }] : []}>
          <Select mode={field.multiple ? 'multiple' : undefined} style={{ maxWidth: 400 }} options={field.options.map((o) => ({ value: o, label: field.labels?.[o]?.[lang] ?? o }))} />
        </Form.Item>
      );
    case 'html':
      return (
        <Form.Item key={field.name} name={field.name} label={label} extra={t('catalog.htmlHint')} rules={field.required ? [{ required: true }] : []}>
          <Input.TextArea rows={10} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item key={field.name} name={field.name} label={label} rules={field.required ? [{ required: true }] : []}>
          {field.rows ? <Input.TextArea rows={field.rows} maxLength={field.maxLength} /> : <Input disabled={fixed} maxLength={field.maxLength} />}
        </Form.Item>
      );
  }
}

/** An image: uploaded, or the address of one already in the media store or on the site. */
function ImageField({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (v: string | null) => void }) {
  const t = useTranslate();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ImageUpload value={value ?? null} onChange={(v) => onChange?.(v)} />
      <Input id={id} value={value ?? ''} placeholder={t('catalog.imageUrl')} onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)} style={{ maxWidth: 480 }} />
    </Space>
  );
}

/** Create or edit one catalog item; an edit carries the `updated_at` it was loaded with (a stale save is refused). */
export function CatalogFormPage({ def, action }: { def: CatalogResourceDef; action: 'create' | 'edit' }) {
  const { id } = useParams();
  const { formProps, saveButtonProps, query } = useForm<Item>({ resource: def.name, action, ...(action === 'edit' ? { id } : {}), redirect: 'list' });
  const record = query?.data?.data;
  const fields = (
    <Form {...formProps} layout="vertical" style={{ maxWidth: 960 }}>
      {def.fields.map((f) => (
        <FieldInput key={f.name} field={f} fixed={action === 'edit' && (def.fixed ?? []).includes(f.name)} />
      ))}
      {action === 'edit' ? (
        <Form.Item name="updated_at" hidden>
          <Input />
        </Form.Item>
      ) : null}
    </Form>
  );
  if (action === 'create') {
    return (
      <Create resource={def.name} saveButtonProps={saveButtonProps}>
        {fields}
      </Create>
    );
  }
  return (
    <Edit
      resource={def.name}
      recordItemId={id}
      saveButtonProps={saveButtonProps}
      headerButtons={({ defaultButtons }) => (
        <Space>
          {record && def.publication ? <PublicationTag state={record.state as PublicationState} publishedAt={record.published_at ?? null} /> : null}
          {record && def.publication ? <PublishControl path={`/v1/admin/${def.name}/${record.id}`} state={record.state as PublicationState} resource={def.name} /> : null}
          {record && def.versions ? <VersionsButton pageId={record.id} updatedAt={record.updated_at} /> : null}
          {defaultButtons}
        </Space>
      )}
    >
      <RecordGate query={query}>{fields}</RecordGate>
    </Edit>
  );
}

interface VersionRow {
  id: number;
  number: number;
  title_zh: string;
  body_zh: string;
  version: string;
  restored_from: number | null;
  author_id: number | null;
  created_at: string;
}

/** A site page's saved versions in a drawer, each restorable (a restore saves a new version). */
function VersionsButton({ pageId, updatedAt }: { pageId: number; updatedAt: string }) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const { result, query } = useList<VersionRow>({ resource: 'site_pages', meta: { apiPath: `/v1/admin/site_pages/${pageId}/versions` }, pagination: { mode: 'off' }, queryOptions: { enabled: open } });
  const { mutate, mutation } = useCustomMutation();
  const restore = (v: VersionRow) =>
    mutate(
      { url: `/v1/admin/site_pages/${pageId}/versions/${v.id}/restore`, method: 'post', values: { updated_at: updatedAt }, successNotification: () => ({ type: 'success', message: t('catalog.restored', { n: v.number }) }) },
      {
        onSuccess: () => {
          void invalidate({ resource: 'site_pages', invalidates: ['detail', 'list'], id: pageId });
          void query.refetch();
        },
      },
    );
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('catalog.versions')}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={720} title={t('catalog.versions')}>
        <Table<VersionRow>
          rowKey="id"
          loading={query.isFetching}
          dataSource={result.data}
          pagination={false}
          expandable={{ expandedRowRender: (v) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{v.body_zh}</Typography.Paragraph> }}
          columns={[
            { title: '#', dataIndex: 'number', width: 60 },
            { title: t('catalog.fields.title'), dataIndex: 'title_zh' },
            { title: t('catalog.fields.version'), dataIndex: 'version' },
            { title: t('catalog.restoredFrom'), dataIndex: 'restored_from', render: (v: number | null) => (v ? `#${v}` : '') },
            { title: t('catalog.author'), dataIndex: 'author_id' },
            { title: t('common.createdAt'), dataIndex: 'created_at', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            {
              title: t('common.actions'),
              key: 'restore',
              render: (_: unknown, v: VersionRow) => (
                <Popconfirm title={t('catalog.restoreConfirm', { n: v.number })} onConfirm={() => restore(v)}>
                  <Button size="small" loading={mutation.isPending}>
                    {t('catalog.restore')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Drawer>
    </>
  );
}
