import { useTranslate } from '@refinedev/core';
import { Col, Form, Input, Row, Tag, type FormItemProps } from 'antd';

export interface BilingualInputProps {
  /** The field's base name: the form holds `<name>_zh` (required unless `optional`) and `<name>_en` (null when empty). */
  name: string;
  label: string;
  optional?: boolean;
  /** A text area of this many rows instead of one line. */
  rows?: number;
  maxLength?: number;
  extra?: FormItemProps['extra'];
}

/** An empty English field is sent as null: readers of English then see the Chinese. */
const enToValue = (e: { target: { value: string } }) => (e.target.value === '' ? null : e.target.value);

/**
 * A bilingual field (decision 0062): Chinese and English side by side; while the English is empty
 * it is marked "shows Chinese", which is what English readers will see.
 */
export function BilingualInput({ name, label, optional = false, rows, maxLength, extra }: BilingualInputProps) {
  const t = useTranslate();
  const form = Form.useFormInstance();
  const en = Form.useWatch(`${name}_en`, form) as string | null | undefined;
  const zh = Form.useWatch(`${name}_zh`, form) as string | null | undefined;
  const fallback = !en && !!zh;
  const control = rows ? <Input.TextArea rows={rows} maxLength={maxLength} showCount={!!maxLength} /> : <Input maxLength={maxLength} />;
  return (
    <Form.Item label={label} required={!optional} extra={extra} style={{ marginBottom: 0 }}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name={`${name}_zh`}
            label={t('bilingual.zh')}
            rules={optional ? [] : [{ required: true, whitespace: true }]}
          >
            {control}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={`${name}_en`}
            label={
              <span>
                {t('bilingual.en')}{' '}
                {fallback ? (
                  <Tag color="gold" data-testid={`${name}-shows-chinese`}>
                    {t('bilingual.showsChinese')}
                  </Tag>
                ) : null}
              </span>
            }
            getValueFromEvent={enToValue}
          >
            {control}
          </Form.Item>
        </Col>
      </Row>
    </Form.Item>
  );
}

/** In a list or detail: the Chinese, and the English or a "shows Chinese" mark. */
export function BilingualText({ zh, en }: { zh: string; en: string | null | undefined }) {
  const t = useTranslate();
  return (
    <span>
      {zh}
      <br />
      {en ? <span style={{ color: 'rgba(0,0,0,0.55)' }}>{en}</span> : <Tag color="gold">{t('bilingual.showsChinese')}</Tag>}
    </span>
  );
}
