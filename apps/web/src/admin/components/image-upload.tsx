import { useTranslate } from '@refinedev/core';
import { App, Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { consoleUpload } from '../providers/http';

/** Content's images (`adminImageUpload`): multipart field `file`. */
export const IMAGE_UPLOAD_PATH = adminPathOf('adminImageUpload');
/** A live producer's images go to the lives area's route (`adminLiveImageUpload`), same answer. */
export const LIVE_IMAGE_UPLOAD_PATH = adminPathOf('adminLiveImageUpload');

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
  /** Where to post: the content area's route unless the page belongs to another area. */
  uploadPath?: string;
}

/** Uploads one image to the media store and keeps its URL as the field's value, with a preview. */
export function ImageUpload({ value, onChange, onUploaded, accept = 'image/png,image/jpeg,image/webp,image/gif', uploadPath = IMAGE_UPLOAD_PATH }: ImageUploadProps) {
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
            consoleUpload<UploadedImage>(uploadPath, form)
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
