import { useTranslate } from '@refinedev/core';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';

interface RecordQuery {
  data?: unknown;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * An edit form's fields once the record they edit has loaded: a form shown earlier takes typing
 * that the record then overwrites when it arrives (the form resets to it), and a save would send
 * the old text back.
 */
export function RecordGate({ query, children }: { query: RecordQuery | undefined; children: ReactNode }) {
  const t = useTranslate();
  if (query?.data !== undefined) return children;
  if (query?.isError) {
    return (
      <Result
        status="warning"
        title={t('common.recordFailed')}
        extra={
          <Button onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <Skeleton active paragraph={{ rows: 8 }} />;
}
