import { useTranslate } from '@refinedev/core';
import { Col, Row, Typography } from 'antd';

const show = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value, null, 2));

/** An audit entry's before and after, side by side; keys whose value changed are listed first. */
export function BeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  const t = useTranslate();
  const changed =
    before && after && typeof before === 'object' && typeof after === 'object'
      ? Object.keys({ ...before, ...after }).filter(
          (k) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify((after as Record<string, unknown>)[k]),
        )
      : [];
  const block = (label: string, value: unknown) => (
    <Col xs={24} lg={12}>
      <Typography.Text strong>{label}</Typography.Text>
      <pre style={{ margin: '4px 0 0', padding: 12, background: 'rgba(0,0,0,0.03)', borderRadius: 4, maxHeight: 360, overflow: 'auto', fontSize: 12 }}>
        {show(value) ?? t('common.none')}
      </pre>
    </Col>
  );
  return (
    <div>
      {changed.length > 0 ? (
        <Typography.Paragraph>
          {t('audit.changed')}: <Typography.Text code>{changed.join(', ')}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      <Row gutter={16}>
        {block(t('audit.before'), before)}
        {block(t('audit.after'), after)}
      </Row>
    </div>
  );
}
