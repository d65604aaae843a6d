import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_UPLOAD_LIMIT_KB } from '@medportal/contract/constants';
import { Image } from '../../../shared/ui/image';
import { uploadImage } from '../api/profile';
import { errorText, serverFieldErrors } from '../lib/api-errors';

/** The types the server accepts (it checks the bytes too); the picker offers only these. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const LIMIT_MB = IMAGE_UPLOAD_LIMIT_KB / 1024;

type Problem = { key: 'wrongType' | 'tooLarge' } | { error: unknown };

/** The client-side check of a picked file, mirroring the server's limits. */
export function checkAvatarFile(file: File): 'wrongType' | 'tooLarge' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  return file.size > IMAGE_UPLOAD_LIMIT_KB * 1024 ? 'tooLarge' : null;
}

export interface AvatarFieldProps {
  /** The saved or just uploaded avatar URL ('' when there is none). */
  value: string;
  /** Called with the uploaded image's URL, to be saved as `avatar_url`. */
  onChange: (url: string) => void;
  /** Called when an upload starts and ends, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/**
 * The avatar with a "choose image" button: checks the picked file, previews it and uploads it
 * right away (POST /v1/user/img); the form saves the returned URL with the rest of the profile.
 */
export function AvatarField({ value, onChange, onBusyChange, disabled }: AvatarFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  // The preview is an object URL: release it when replaced or when the field goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after an error still fires `change`.
    event.target.value = '';
    if (!file) return;
    const key = checkAvatarFile(file);
    setProblem(key ? { key } : null);
    setUploaded(false);
    if (key) return;
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onBusyChange?.(true);
    try {
      const image = await uploadImage(file);
      onChange(image.url);
      setUploaded(true);
    } catch (error) {
      setPreview(null);
      setProblem({ error });
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  const errorMessage = !problem
    ? null
    : 'key' in problem
      ? t(`avatar.${problem.key}`, { size: LIMIT_MB })
      : (serverFieldErrors(problem.error).file ?? errorText(problem.error));
  const describedBy = `${id}-hint${errorMessage ? ` ${id}-error` : ''}`;

  return (
    <div className={`form-field form--full avatar-field${errorMessage ? ' form-field--invalid' : ''}`}>
      <label id={`${id}-label`} htmlFor={id} className="form-field__label">
        {t('fields.avatar')}
      </label>
      <div className="avatar-field__body">
        <Image src={preview ?? value} alt={t('avatar.alt')} className="avatar-field__image" width={72} height={72} />
        <div className="avatar-field__controls">
          <button
            id={`${id}-button`}
            type="button"
            className="button"
            onClick={() => input.current?.click()}
            disabled={disabled || uploading}
            aria-busy={uploading || undefined}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={describedBy}
          >
            {uploading ? <span className="spinner" aria-hidden="true" /> : null}
            {t('avatar.choose')}
          </button>
          {/* Reached through the button (keyboard) or the label; hidden from the tab order. */}
          <input
            ref={input}
            id={id}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            disabled={disabled || uploading}
            onChange={(e) => void pick(e)}
            aria-invalid={errorMessage ? true : undefined}
            aria-describedby={describedBy}
          />
          <p id={`${id}-hint`} className="form-field__hint">
            {t('avatar.hint', { size: LIMIT_MB })}
          </p>
          <p role="status" className="form-field__hint">
            {uploading ? t('avatar.uploading') : uploaded ? t('avatar.uploaded') : null}
          </p>
          {errorMessage ? (
            <p id={`${id}-error`} className="form-field__error" role="alert">
              {errorMessage}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
