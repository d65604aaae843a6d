import { useTranslate } from '@refinedev/core';
import { App, Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { consoleUpload } from '../providers/http';

/** `POST /v1/admin/images` (contract route `adminImageUpload`): multipart field `file`. */
export const IMAGE_UPLOAD_PATH = '/v1/admin/images';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

export interface ImageUploadProps {
  /** The image's URL (the form's value). */
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** Called with the whole answer (width and height too). */
  onUploaded?: (image: UploadedImage) => void;
  accept?: string;
}

/** Uploads one image to the media store and keeps its URL as the field's value, with a preview. */
export function ImageUpload({ value, onChange, onUploaded, accept = 'image/png,image/jpeg,image/webp,image/gif' }: ImageUploadProps) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" wrap>
      {value ? <Image src={value} width={120} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" /> : null}
      <Space direction="vertical">
        <Upload
          accept={accept}
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            const form = new FormData();
            form.append('file', file as Blob);
            setBusy(true);
            consoleUpload<UploadedImage>(IMAGE_UPLOAD_PATH, form)
              .then((image) => {
                onChange?.(image.url);
                onUploaded?.(image);
                onSuccess?.(image);
              })
              .catch((error: unknown) => {
                const text = error instanceof Object && 'message' in error ? String(error.message) : '';
                void message.error(`${t('upload.failed')}: ${text}`);
                onError?.(error instanceof Error ? error : new Error(text));
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {value ? t('upload.replace') : t('upload.button')}
          </Button>
        </Upload>
        {value ? (
          <Button type="link" danger onClick={() => onChange?.(null)} style={{ padding: 0 }}>
            {t('upload.remove')}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
