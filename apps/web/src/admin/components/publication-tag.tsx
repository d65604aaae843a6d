import { useTranslate } from '@refinedev/core';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { PublicationState } from '@medportal/contract';

const COLOURS: Record<PublicationState, string> = {
  draft: 'default',
  scheduled: 'blue',
  published: 'green',
  offline: 'red',
  unlisted: 'purple',
};

/** A row's publication state (PUBLICATION_STATES); a scheduled one shows its instant. */
export function PublicationTag({ state, publishedAt }: { state: PublicationState; publishedAt?: string | null }) {
  const t = useTranslate();
  const tag = <Tag color={COLOURS[state]}>{t(`publication.${state}`)}</Tag>;
  if (state === 'scheduled' && publishedAt) return <Tooltip title={dayjs(publishedAt).format('YYYY-MM-DD HH:mm')}>{tag}</Tooltip>;
  return tag;
}
