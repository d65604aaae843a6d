import Uppy from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus from '@uppy/tus';
import { useEffect, useState } from 'react';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { getAccessToken } from '../../../shared/session';

export interface MediaUploadProps {
  /** The tus endpoint, as the server's status names it. */
  endpoint: string;
  maxBytes: number;
  lang: 'zh' | 'en';
  /** An upload finished: the asset it became. */
  onUploaded: (assetId: number | null) => void;
}

/**
 * Uppy's Dashboard over tus (resumable: a dropped connection resumes where the server's offset
 * says). Each request carries the operator's access token; Upload-Metadata carries the file name
 * and the title (the name without its extension).
 */
export function MediaUpload({ endpoint, maxBytes, lang, onUploaded }: MediaUploadProps) {
  const [uppy] = useState(
    () =>
      new Uppy({ id: 'media', autoProceed: true, restrictions: { maxFileSize: maxBytes, allowedFileTypes: ['video/*', '.mp4', '.mov', '.mkv', '.webm', '.avi', '.ts', '.flv', '.m4v'] } }).use(Tus, {
        endpoint,
        chunkSize: 8 * 1024 * 1024,
        retryDelays: [0, 1000, 3000, 5000],
        removeFingerprintOnSuccess: true,
        allowedMetaFields: ['filename', 'title'],
        onBeforeRequest: (req) => {
          const token = getAccessToken();
          if (token) req.setHeader('Authorization', `Bearer ${token}`);
        },
      }),
  );
  useEffect(() => {
    const added = (file: { id: string; name?: string }) => {
      const name = file.name ?? 'video';
      uppy.setFileMeta(file.id, { filename: name, title: name.replace(/\.[^.]+$/, '') });
    };
    const done = (_file: unknown, response: { uploadURL?: string; body?: unknown }) => {
      void response;
      onUploaded(null);
    };
    uppy.on('file-added', added);
    uppy.on('upload-success', done);
    return () => {
      uppy.off('file-added', added);
      uppy.off('upload-success', done);
    };
  }, [uppy, onUploaded]);
  useEffect(() => () => uppy.destroy(), [uppy]);
  useEffect(() => {
    uppy.setOptions({ locale: lang === 'zh' ? ZH : undefined });
  }, [uppy, lang]);
  return <Dashboard uppy={uppy} height={260} width="100%" proudlyDisplayPoweredByUppy={false} note={null} />;
}

/** The Dashboard's main strings in Chinese (Uppy ships zh_CN as a separate package we do not install). */
const ZH = {
  strings: {
    dropPasteFiles: '将视频拖到这里，或 %{browseFiles}',
    browseFiles: '选择文件',
    uploadComplete: '上传完成',
    uploadPaused: '已暂停',
    resumeUpload: '继续上传',
    pauseUpload: '暂停',
    retryUpload: '重试',
    cancelUpload: '取消',
    uploading: '上传中',
    complete: '完成',
    uploadFailed: '上传失败',
    xFilesSelected: { 0: '已选 %{smart_count} 个文件', 1: '已选 %{smart_count} 个文件' },
    uploadXFiles: { 0: '上传 %{smart_count} 个文件', 1: '上传 %{smart_count} 个文件' },
    addMore: '添加更多',
    done: '完成',
  },
  pluralize: () => 0,
};
