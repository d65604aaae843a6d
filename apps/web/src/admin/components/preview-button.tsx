import { useTranslate } from '@refinedev/core';
import { App, Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { PreviewKind } from '@medportal/contract';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { currentConsoleLanguage } from '../i18n';
import { consoleRequest } from '../providers/http';

/**
 * Opens the public page of an unpublished item as a reader would see it (`POST /v1/admin/preview`,
 * decision 0062), in a new tab, in the console's language unless `lang` says otherwise.
 */
export function PreviewButton({ kind, id, lang }: { kind: PreviewKind; id: number; lang?: 'zh' | 'en' }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Opened during the click, so no pop-up blocker stops it; pointed at the page once it is known.
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const { url } = await consoleRequest<{ url: string }>('POST', adminPathOf('adminPreview'), { body: { kind, id, lang: lang ?? currentConsoleLanguage() } });
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      void message.error(`${t('preview.failed')}: ${error instanceof Object && 'message' in error ? String(error.message) : ''}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<EyeOutlined />} loading={busy} onClick={() => void open()}>
      {t('preview.button')}
    </Button>
  );
}
