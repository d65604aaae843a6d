import { useCustom, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminHomeBlock, AdminHomeItem, AdminHomeLayout, HomeItemKind } from '@medportal/contract';
import { HOME_LAYOUT_ITEM_KIND } from '@medportal/contract/constants';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { ActionType, ErrorCode } from '@medportal/contract/codes';
import { BilingualInput } from '../../components/bilingual-input';
import { consoleRequest, isHttpError } from '../../providers/http';

type Block = AdminHomeBlock & { key: number };
type Layout = AdminHomeBlock['layout'];

/** What each layout's chosen items are (null: it takes none), and the layouts in that order. */
const LAYOUT_ITEM_KIND: Readonly<Record<Layout, HomeItemKind | null>> = HOME_LAYOUT_ITEM_KIND;
const BLOCK_LAYOUTS = Object.keys(LAYOUT_ITEM_KIND) as Layout[];
type Lang = 'zh' | 'en';

const errorText = (error: unknown, fallback: string) => (error instanceof Object && 'message' in error ? String(error.message) : fallback);

/** The "more" link kinds an operator picks from (a block may carry another kind; it is kept as is). */
const MORE_TYPES = [ActionType.ROUTE, ActionType.EXTERNAL_URL] as const;

/**
 * The home page editor (decision 0067): the draft layout's blocks, reordered by dragging a row,
 * added, removed and edited (header, layout, query or chosen items); saved as a draft with its
 * version, previewed in zh and en side by side, then published or discarded.
 */
export function HomeEditorPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const layout = useCustom<AdminHomeLayout>({ url: adminPathOf('adminHome'), method: 'get' });
  // refine answers an empty object until the layout has arrived.
  const loaded = layout.result?.data?.blocks ? layout.result.data : undefined;
  const nextKey = useRef(1);
  const [blocks, setBlocks] = useState<Block[]>([]);
  const [version, setVersion] = useState<string | null>(null);
  const [draft, setDraft] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [editing, setEditing] = useState<Block | null>(null);
  const [previewStamp, setPreviewStamp] = useState(0);

  const take = useCallback((l: AdminHomeLayout) => {
    setBlocks(l.blocks.map((b) => ({ ...b, key: nextKey.current++ })));
    setVersion(l.updated_at);
    setDraft(l.draft);
    setDirty(false);
    setConflict(false);
    setPreviewStamp((s) => s + 1);
  }, []);

  useEffect(() => {
    if (loaded) take(loaded);
  }, [loaded, take]);

  const change = (next: Block[]) => {
    setBlocks(next);
    setDirty(true);
  };

  const drop = (targetKey: number) => {
    if (dragged === null || dragged === targetKey) return;
    const moving = blocks.find((b) => b.key === dragged);
    if (!moving) return;
    const rest = blocks.filter((b) => b.key !== dragged);
    rest.splice(
      rest.findIndex((b) => b.key === targetKey),
      0,
      moving,
    );
    setDragged(null);
    change(rest);
  };

  const run = async (call: () => Promise<AdminHomeLayout>, done: string) => {
    setBusy(true);
    try {
      take(await call());
      void message.success(t(done));
    } catch (error) {
      if (isHttpError(error) && error.code === ErrorCode.ADMIN_EDIT_CONFLICT) setConflict(true);
      else void message.error(errorText(error, t('common.error')));
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(
      () =>
        consoleRequest<AdminHomeLayout>('PUT', adminPathOf('adminHomeSaveDraft'), {
          body: { blocks: blocks.map(({ key: _key, ...b }) => b), updated_at: version },
        }),
      'home.saved',
    );
  const publish = () => run(() => consoleRequest<AdminHomeLayout>('POST', adminPathOf('adminHomePublish'), { body: { updated_at: version } }), 'home.published');
  const discard = () => run(() => consoleRequest<AdminHomeLayout>('POST', adminPathOf('adminHomeDiscard'), { body: { updated_at: version } }), 'home.discarded');
  const reload = async () => {
    const fresh = await layout.query.refetch();
    if (fresh.data?.data?.blocks) take(fresh.data.data);
  };

  const saveEdited = (b: Block) => {
    change(blocks.some((x) => x.key === b.key) ? blocks.map((x) => (x.key === b.key ? b : x)) : [...blocks, b]);
    setEditing(null);
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={13}>
        <Card
          title={t('home.title')}
          extra={
            <Space wrap>
              {draft ? <Tag color="orange">{t('home.hasDraft')}</Tag> : <Tag color="green">{t('home.noDraft')}</Tag>}
              {dirty ? <Tag color="red">{t('home.unsaved')}</Tag> : null}
            </Space>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {conflict ? (
              <Alert
                type="error"
                showIcon
                data-testid="home-conflict"
                message={t('home.conflict')}
                description={t('home.conflictHint')}
                action={
                  <Button size="small" icon={<ReloadOutlined />} onClick={() => void reload()}>
                    {t('home.reload')}
                  </Button>
                }
              />
            ) : null}
            <Space wrap>
              <Button type="primary" loading={busy} disabled={!dirty || blocks.length === 0} onClick={() => void save()} data-testid="home-save">
                {t('home.save')}
              </Button>
              <Popconfirm title={t('home.publishConfirm')} disabled={!draft || dirty} onConfirm={() => void publish()} okText={t('common.confirm')} cancelText={t('common.cancel')}>
                <Button loading={busy} disabled={!draft || dirty} data-testid="home-publish">
                  {t('home.publish')}
                </Button>
              </Popconfirm>
              <Popconfirm title={t('home.discardConfirm')} disabled={!draft} onConfirm={() => void discard()} okText={t('common.confirm')} cancelText={t('common.cancel')}>
                <Button danger loading={busy} disabled={!draft} data-testid="home-discard">
                  {t('home.discard')}
                </Button>
              </Popconfirm>
              <Button icon={<PlusOutlined />} onClick={() => setEditing({ key: nextKey.current++, id: null, layout: 'courses', title_zh: '', title_en: null, more_action: null, hide: false, source: { limit: 8, order: 'latest' } })}>
                {t('home.addBlock')}
              </Button>
            </Space>
            <Typography.Text type="secondary">{t('home.dragHint')}</Typography.Text>
            <Table<Block>
              rowKey="key"
              size="small"
              loading={layout.query.isLoading}
              pagination={false}
              dataSource={blocks}
              onRow={(r) =>
                ({
                  draggable: true,
                  onDragStart: () => setDragged(r.key),
                  onDragOver: (e: React.DragEvent) => e.preventDefault(),
                  onDrop: () => drop(r.key),
                  style: { cursor: 'move' },
                  'data-testid': `home-block-${r.key}`,
                }) as React.HTMLAttributes<HTMLElement>
              }
              columns={[
                { title: '#', width: 40, render: (_, __, i) => i + 1 },
                {
                  title: t('home.blockTitle'),
                  width: '40%',
                  render: (_, b) => (
                    <Space direction="vertical" size={0}>
                      <Typography.Text strong>{b.title_zh}</Typography.Text>
                      {b.title_en ? <Typography.Text type="secondary">{b.title_en}</Typography.Text> : <Tag color="gold">{t('bilingual.showsChinese')}</Tag>}
                      {b.hide ? <Tag>{t('home.hidden')}</Tag> : null}
                    </Space>
                  ),
                },
                { title: t('home.layout'), render: (_, b) => <Tag>{t(`home.layouts.${b.layout}`)}</Tag> },
                {
                  title: t('home.content'),
                  render: (_, b) =>
                    b.source.item_ids?.length ? t('home.chosenCount', { count: b.source.item_ids.length }) : LAYOUT_ITEM_KIND[b.layout] ? t('home.queryCount', { count: b.source.limit ?? 8 }) : '—',
                },
                {
                  title: t('common.actions'),
                  width: 96,
                  render: (_, b) => (
                    <Space>
                      <Button size="small" icon={<EditOutlined />} aria-label={t('home.edit')} onClick={() => setEditing(b)} />
                      <Popconfirm title={t('home.removeConfirm')} onConfirm={() => change(blocks.filter((x) => x.key !== b.key))} okText={t('common.confirm')} cancelText={t('common.cancel')}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('home.remove')} />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <Card title={t('home.preview')} extra={dirty ? <Typography.Text type="warning">{t('home.previewStale')}</Typography.Text> : null}>
          <Tabs
            items={(['zh', 'en'] as const).map((lang) => ({
              key: lang,
              label: lang === 'zh' ? t('bilingual.zh') : t('bilingual.en'),
              forceRender: true,
              children: <HomePreview lang={lang} stamp={previewStamp} />,
            }))}
          />
        </Card>
      </Col>
      {editing ? <BlockModal block={editing} onCancel={() => setEditing(null)} onOk={saveEdited} /> : null}
    </Row>
  );
}

/** The public home page as the draft shows it, in one language; a new grant after each save. */
function HomePreview({ lang, stamp }: { lang: Lang; stamp: number }) {
  const t = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    consoleRequest<{ url: string }>('POST', adminPathOf('adminPreview'), { body: { kind: 'home', id: 0, lang } }).then(
      ({ url: u }) => {
        if (live) {
          setUrl(u);
          setFailed(null);
        }
      },
      (error: unknown) => live && setFailed(errorText(error, t('preview.failed'))),
    );
    return () => {
      live = false;
    };
  }, [lang, stamp, t]);
  // The page drawn at a desktop width, scaled down to the card.
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setScale(Math.min(1, el.clientWidth / PREVIEW_WIDTH)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [url]);
  if (failed) return <Alert type="error" message={`${t('preview.failed')}: ${failed}`} />;
  if (!url) return null;
  return (
    <div ref={box} style={{ width: '100%', height: PREVIEW_HEIGHT * scale, overflow: 'hidden', border: '1px solid #f0f0f0' }}>
      <iframe
        key={`${url}-${stamp}`}
        title={`home-preview-${lang}`}
        data-testid={`home-preview-${lang}`}
        src={url}
        style={{ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
      />
    </div>
  );
}

const PREVIEW_WIDTH = 1280;
const PREVIEW_HEIGHT = 1800;

interface BlockForm {
  layout: AdminHomeBlock['layout'];
  title_zh: string;
  title_en: string | null;
  more_type: number | null;
  more_url: string;
  hide: boolean;
  limit: number;
  item_ids: number[];
}

/** A block's header, layout and content: its query's size, or chosen items of the layout's kind. */
function BlockModal({ block, onCancel, onOk }: { block: Block; onCancel: () => void; onOk: (b: Block) => void }) {
  const t = useTranslate();
  const [form] = Form.useForm<BlockForm>();
  const layoutValue = Form.useWatch('layout', form) ?? block.layout;
  const kind = LAYOUT_ITEM_KIND[layoutValue];
  const moreType = Form.useWatch('more_type', form);
  const keptMore = block.more_action && !MORE_TYPES.includes(block.more_action.type as (typeof MORE_TYPES)[number]) ? block.more_action : null;

  const submit = (v: BlockForm) => {
    const more_action =
      v.more_type === -1 && keptMore
        ? keptMore
        : v.more_type && v.more_url.trim()
          ? { type: v.more_type, data: { url: v.more_url.trim() }, target: v.more_type === ActionType.EXTERNAL_URL ? ('_blank' as const) : ('_self' as const) }
          : null;
    const { item_ids: _old, ...source } = block.source;
    onOk({
      ...block,
      layout: v.layout,
      title_zh: v.title_zh.trim(),
      title_en: v.title_en?.trim() ? v.title_en.trim() : null,
      more_action,
      hide: v.hide,
      source: { ...source, limit: v.limit, ...(kind && v.item_ids.length ? { item_ids: v.item_ids } : {}) },
    });
  };

  return (
    <Modal open title={block.title_zh ? t('home.editTitle', { title: block.title_zh }) : t('home.addBlock')} width={760} onCancel={onCancel} onOk={() => form.submit()} okText={t('common.confirm')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form<BlockForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          layout: block.layout,
          title_zh: block.title_zh,
          title_en: block.title_en,
          more_type: keptMore ? -1 : (block.more_action?.type ?? null),
          more_url: block.more_action?.data?.url ?? '',
          hide: block.hide,
          limit: block.source.limit ?? 8,
          item_ids: block.source.item_ids ?? [],
        }}
      >
        <BilingualInput name="title" label={t('home.blockTitle')} maxLength={60} />
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="layout" label={t('home.layout')} rules={[{ required: true }]}>
              <Select
                options={BLOCK_LAYOUTS.map((l) => ({ value: l, label: t(`home.layouts.${l}`) }))}
                onChange={(l: AdminHomeBlock['layout']) => {
                  if (LAYOUT_ITEM_KIND[l] !== LAYOUT_ITEM_KIND[block.layout]) form.setFieldValue('item_ids', []);
                }}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="limit" label={t('home.limit')} extra={t('home.limitHint')}>
              <InputNumber min={1} max={50} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="hide" label={t('home.hideHeader')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="more_type" label={t('home.more')}>
              <Select
                allowClear
                placeholder={t('home.moreNone')}
                options={[
                  ...MORE_TYPES.map((m) => ({ value: m, label: t(m === ActionType.ROUTE ? 'home.moreRoute' : 'home.moreExternal') })),
                  ...(keptMore ? [{ value: -1, label: t('home.moreKept', { type: keptMore.type }) }] : []),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="more_url"
              label={t('home.moreUrl')}
              rules={[{ validator: (_, v: string) => (moreType && moreType !== -1 && !v?.trim() ? Promise.reject(new Error(t('home.moreUrlRequired'))) : Promise.resolve()) }]}
            >
              <Input disabled={!moreType || moreType === -1} placeholder={moreType === ActionType.EXTERNAL_URL ? 'https://…' : '/courses'} />
            </Form.Item>
          </Col>
        </Row>
        {kind ? (
          <Form.Item name="item_ids" label={t('home.items')} extra={t('home.itemsHint')}>
            <ItemPicker kind={kind} />
          </Form.Item>
        ) : (
          <Typography.Text type="secondary">{t('home.noItems')}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}

/** Chosen items of one kind, searched by title (`GET /v1/admin/home/items`); kept in the order chosen. */
function ItemPicker({ kind, value, onChange }: { kind: HomeItemKind; value?: number[]; onChange?: (v: number[]) => void }) {
  const t = useTranslate();
  const [known, setKnown] = useState<Map<number, AdminHomeItem>>(new Map());
  const [found, setFound] = useState<AdminHomeItem[]>([]);
  const [searching, setSearching] = useState(false);
  const remember = (items: AdminHomeItem[]) =>
    setKnown((m) => {
      const next = new Map(m);
      for (const it of items) next.set(it.id, it);
      return next;
    });

  const fetchItems = useCallback(
    (q: string) => consoleRequest<{ items: AdminHomeItem[] }>('GET', adminPathOf('adminHomeItems'), { query: { kind, ...(q.trim() ? { q: q.trim() } : {}) } }),
    [kind],
  );
  const search = async (q: string) => {
    setSearching(true);
    try {
      const { items } = await fetchItems(q);
      setFound(items);
      remember(items);
    } finally {
      setSearching(false);
    }
  };

  const ids = value ?? [];
  const idsKey = ids.join(',');
  useEffect(() => {
    void fetchItems('').then(({ items }) => {
      setFound(items);
      remember(items);
    });
  }, [fetchItems]);
  useEffect(() => {
    if (!idsKey) return;
    void consoleRequest<{ items: AdminHomeItem[] }>('GET', adminPathOf('adminHomeItems'), { query: { kind, ids: idsKey } }).then(({ items }) => remember(items));
  }, [kind, idsKey]);

  const label = (id: number) => {
    const it = known.get(id);
    if (!it) return `#${id}`;
    return `${it.title_zh}${it.title_en ? ` / ${it.title_en}` : ''} (#${id})${it.published ? '' : ` · ${t('home.unpublished')}`}`;
  };
  const options = [...ids.map((id) => ({ value: id, label: label(id) })), ...found.filter((it) => !ids.includes(it.id)).map((it) => ({ value: it.id, label: label(it.id) }))];
  return (
    <Select<number[]>
      mode="multiple"
      showSearch
      filterOption={false}
      loading={searching}
      placeholder={t('home.itemsPlaceholder')}
      value={ids}
      onChange={(v) => onChange?.(v)}
      onSearch={(q) => void search(q)}
      options={options}
      data-testid="home-item-picker"
    />
  );
}
