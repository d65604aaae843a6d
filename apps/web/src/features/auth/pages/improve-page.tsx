import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isLoggedIn, useSession } from '../../../shared/session';
import { openConfirmLogin } from '../../../shared/ui/confirm-login-store';
import { personalInfoQueryOptions, submitProfileForm, type PersonalInfo, type ProfileFormBody, type ProfileFormKind } from '../api/profile';
import { AuthCard, ResultState } from '../components/auth-card';
import { FormError, SubmitButton, TextField } from '../components/field';
import { DepartmentSelect, isOccupation, OccupationSelect } from '../components/profile-fields';
import { useAfterLogin } from '../hooks/use-after-login';
import { useForm } from '../hooks/use-form';
import { serverFieldErrors } from '../lib/api-errors';
import { clearDraft, readDraft, writeDraft } from '../lib/draft';
import { improveRules } from '../lib/forms';

type FieldName = 'real_name' | 'occupation' | 'hospital' | 'department_id' | 'professional_title' | 'province' | 'city' | 'research_field' | 'accept_updates';

/** Which fields each audience's form asks for (contract ProfileFormBody limits apply to all). */
const FORMS: Record<ProfileFormKind, readonly FieldName[]> = {
  info: ['real_name', 'occupation', 'hospital', 'department_id', 'professional_title', 'province', 'city'],
  currency: ['real_name', 'occupation', 'hospital'],
  info_vj: ['real_name', 'occupation', 'research_field', 'hospital', 'accept_updates'],
  info_jeadv: ['real_name', 'occupation', 'research_field', 'hospital', 'accept_updates'],
};

/** Maximum lengths, as in the contract. */
const MAX = { real_name: 40, hospital: 100, professional_title: 40, province: 40, city: 40, research_field: 100 } as const;

interface Values {
  real_name: string;
  occupation: string;
  hospital: string;
  department_id: string;
  professional_title: string;
  province: string;
  city: string;
  research_field: string;
  accept_updates: boolean;
  [key: string]: unknown;
}

const EMPTY: Values = {
  real_name: '',
  occupation: '',
  hospital: '',
  department_id: '',
  professional_title: '',
  province: '',
  city: '',
  research_field: '',
  accept_updates: true,
};

const draftKey = (kind: ProfileFormKind) => `improve_draft:${kind}`;

function fromInfo(info: PersonalInfo): Values {
  return {
    ...EMPTY,
    real_name: info.real_name,
    occupation: isOccupation(info.occupation) ? info.occupation : '',
    hospital: info.hospital,
    department_id: info.department ? String(info.department.id) : '',
    professional_title: info.professional_title,
    province: info.province,
    city: info.city,
  };
}

/** Only the known keys of a stored draft, with the right types. */
function sanitizeDraft(draft: Partial<Values>): Values {
  const out: Values = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Values & string)[]) {
    const v = draft[key];
    if (key === 'accept_updates') {
      if (typeof v === 'boolean') out.accept_updates = v;
    } else if (typeof v === 'string') {
      out[key] = v;
    }
  }
  return out;
}

/**
 * `/improve/info`, `/improve/currency`, `/improve/info_vj`, `/improve/info_jeadv`: profile
 * completion, open to everyone. Saving needs a login: an anonymous visitor gets the confirm-login
 * dialog (spec §5) and the draft waits in sessionStorage for the way back.
 */
export function ImprovePage({ kind }: { kind: ProfileFormKind }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const loggedIn = session.status === 'authenticated';
  const info = useQuery({ ...personalInfoQueryOptions(), enabled: loggedIn });
  const [done, setDone] = useState(false);
  const draft = readDraft<Values>(draftKey(kind));

  let body;
  if (done) body = <Done />;
  else if (!draft && loggedIn && info.isPending) body = <p role="status">{t('common.loading')}</p>;
  else {
    const initial = draft ? sanitizeDraft(draft) : info.data ? fromInfo(info.data) : EMPTY;
    body = <ImproveForm kind={kind} initial={initial} onDone={() => setDone(true)} />;
  }
  return (
    <AuthCard title={t(`improve.${kind}.title`)} intro={done ? undefined : t(`improve.${kind}.intro`)} page={`improve-${kind}`} wide>
      {body}
    </AuthCard>
  );
}

function Done() {
  const { t } = useTranslation('auth');
  const { passOn, continueToCallback } = useAfterLogin();
  return (
    <ResultState title={t('improve.done')}>
      {passOn ? (
        <button type="button" className="button button--primary" onClick={continueToCallback}>
          {t('common.continue')}
        </button>
      ) : (
        <Link className="button button--primary" to={paths.home.getHref()}>
          {t('common.backHome')}
        </Link>
      )}
    </ResultState>
  );
}

function ImproveForm({ kind, initial, onDone }: { kind: ProfileFormKind; initial: Values; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const fields = FORMS[kind];
  const has = (f: FieldName) => fields.includes(f);
  const form = useForm<Values>(initial, improveRules<Values>(fields));
  const { values, set, errors, setErrors, attachForm, pending, formError, handleSubmit } = form;
  const acceptId = useId();
  const journal = kind === 'info_vj' || kind === 'info_jeadv';

  // Every change is kept, so the form survives the trip to the login page and back.
  useEffect(() => {
    writeDraft(draftKey(kind), values);
  }, [kind, values]);

  const submit = handleSubmit(async () => {
    if (!isLoggedIn()) {
      writeDraft(draftKey(kind), values);
      openConfirmLogin();
      return;
    }
    const text = (f: FieldName & keyof typeof MAX) => (has(f) && values[f].trim() ? { [f]: values[f].trim() } : {});
    const body: ProfileFormBody = {
      form: kind,
      real_name: values.real_name.trim(),
      occupation: values.occupation as ProfileFormBody['occupation'],
      ...text('hospital'),
      ...text('professional_title'),
      ...text('province'),
      ...text('city'),
      ...text('research_field'),
      ...(has('department_id') && values.department_id ? { department_id: Number(values.department_id) } : {}),
      ...(has('accept_updates') ? { accept_updates: values.accept_updates } : {}),
    };
    try {
      await submitProfileForm(body);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const known = Object.entries(fieldErrors).filter(([f]) => f in EMPTY);
      if (known.length > 0) return setErrors(Object.fromEntries(known.map(([f, m]) => [f, { text: m }])));
      throw error;
    }
    clearDraft(draftKey(kind));
    onDone();
  });

  return (
    <form ref={attachForm} className="form form--grid" noValidate onSubmit={submit} aria-label={t(`improve.${kind}.title`)}>
      <TextField label={t('fields.realName')} value={values.real_name} onChange={(v) => set('real_name', v)} error={errors.real_name} maxLength={MAX.real_name} autoComplete="name" required />
      <OccupationSelect value={values.occupation} onChange={(v) => set('occupation', v)} error={errors.occupation} />
      {has('research_field') ? (
        <TextField label={t('fields.researchField')} value={values.research_field} onChange={(v) => set('research_field', v)} error={errors.research_field} maxLength={MAX.research_field} placeholder={t('placeholders.researchField')} />
      ) : null}
      {has('hospital') ? (
        <TextField label={journal ? t('fields.institution') : t('fields.hospital')} value={values.hospital} onChange={(v) => set('hospital', v)} error={errors.hospital} maxLength={MAX.hospital} autoComplete="organization" />
      ) : null}
      {has('department_id') ? <DepartmentSelect value={values.department_id} onChange={(v) => set('department_id', v)} error={errors.department_id} /> : null}
      {has('professional_title') ? (
        <TextField label={t('fields.professionalTitle')} value={values.professional_title} onChange={(v) => set('professional_title', v)} error={errors.professional_title} maxLength={MAX.professional_title} placeholder={t('placeholders.professionalTitle')} />
      ) : null}
      {has('province') ? <TextField label={t('fields.province')} value={values.province} onChange={(v) => set('province', v)} error={errors.province} maxLength={MAX.province} autoComplete="address-level1" /> : null}
      {has('city') ? <TextField label={t('fields.city')} value={values.city} onChange={(v) => set('city', v)} error={errors.city} maxLength={MAX.city} autoComplete="address-level2" /> : null}
      {has('accept_updates') ? (
        <div className="form-field checkbox-field form--full">
          <input id={acceptId} type="checkbox" checked={values.accept_updates} onChange={(e) => set('accept_updates', e.target.checked)} />
          <label htmlFor={acceptId}>{t(`improve.${kind === 'info_vj' ? 'info_vj' : 'info_jeadv'}.acceptUpdates`)}</label>
        </div>
      ) : null}
      <FormError error={formError} />
      <div className="form__actions">
        <SubmitButton pending={pending}>{t('improve.submit')}</SubmitButton>
      </div>
    </form>
  );
}

const page = (kind: ProfileFormKind) => {
  const Page = () => <ImprovePage kind={kind} />;
  Page.displayName = `ImprovePage(${kind})`;
  return Page;
};

export { accountLoader as loader } from '../lib/loaders';
export const InfoPage = page('info');
export const CurrencyPage = page('currency');
export const InfoVjPage = page('info_vj');
export const InfoJeadvPage = page('info_jeadv');
