import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { Dialog } from '../../../shared/ui/dialog';
import { showNotice } from '../../../shared/ui/notice-store';
import { useDeleteComment } from '../api/news';

/** Deletes one of the user's own comments after a confirmation. */
export function DeleteCommentButton({ commentId, newsId }: { commentId: number; newsId?: number }) {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const remove = useDeleteComment(newsId);
  const confirm = () => {
    remove.mutate(commentId, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        setOpen(false);
        showNotice(errorText(error));
      },
    });
  };
  return (
    <>
      <button type="button" className="link-button news-comment__delete" onClick={() => setOpen(true)}>
        {t('comments.delete')}
      </button>
      <Dialog
        open={open}
        role="alertdialog"
        title={t('comments.deleteTitle')}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {tc('actions.cancel')}
            </button>
            <button type="button" className="button button--primary" data-autofocus disabled={remove.isPending} onClick={confirm}>
              {t('comments.deleteConfirm')}
            </button>
          </>
        }
      >
        <p>{t('comments.deleteMessage')}</p>
      </Dialog>
    </>
  );
}
