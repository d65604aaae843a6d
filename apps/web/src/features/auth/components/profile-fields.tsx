import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Occupation as OccupationSchema } from '@medportal/contract';
import { useLang } from '../../../shared/hooks/use-lang';
import { departmentTreeQueryOptions, type DepartmentNode } from '../api/profile';
import type { FieldErrorValue } from '../hooks/use-form';
import { fieldAria, FieldShell, useFieldErrorText } from './field';

export type Occupation = z.infer<typeof OccupationSchema>;
/** The contract's occupations, in display order (a zod-free copy; the type keeps it in step). */
export const OCCUPATIONS = ['doctor', 'nurse', 'pharmacist', 'technician', 'researcher', 'student', 'other'] as const satisfies readonly Occupation[];
export const isOccupation = (v: unknown): v is Occupation => OCCUPATIONS.includes(v as Occupation);

interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  disabled?: boolean;
  children: ReactNode;
  placeholder: string;
}

function SelectField({ label, value, onChange, error, disabled, children, placeholder }: SelectFieldProps) {
  const id = useId();
  const text = useFieldErrorText()(error);
  return (
    <FieldShell id={id} label={label} error={text}>
      <select className="input" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} {...fieldAria(id, { error: text })}>
        <option value="">{placeholder}</option>
        {children}
      </select>
    </FieldShell>
  );
}

export function OccupationSelect(props: Omit<SelectFieldProps, 'children' | 'placeholder' | 'label'> & { label?: string }) {
  const { t } = useTranslation('auth');
  return (
    <SelectField {...props} label={props.label ?? t('fields.occupation')} placeholder={t('placeholders.select')}>
      {OCCUPATIONS.map((o) => (
        <option key={o} value={o}>
          {t(`occupations.${o}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** Options for a department tree: top-level groups, deeper levels as "parent / child". */
function departmentOptions(nodes: DepartmentNode[]): ReactNode[] {
  const leaves = (node: DepartmentNode, trail: string[]): ReactNode[] => {
    const label = [...trail, node.title].join(' / ');
    const own = (
      <option key={node.id} value={String(node.id)}>
        {label}
      </option>
    );
    return [own, ...node.children.flatMap((c) => leaves(c, [...trail, node.title]))];
  };
  return nodes.map((node) =>
    node.children.length > 0 ? (
      <optgroup key={node.id} label={node.title}>
        <option value={String(node.id)}>{node.title}</option>
        {node.children.flatMap((c) => leaves(c, []))}
      </optgroup>
    ) : (
      <option key={node.id} value={String(node.id)}>
        {node.title}
      </option>
    ),
  );
}

/** The department, picked from the tree of GET /v2/user/personal_department. */
export function DepartmentSelect(props: Omit<SelectFieldProps, 'children' | 'placeholder' | 'label'>) {
  const { t } = useTranslation('auth');
  const query = useQuery(departmentTreeQueryOptions(useLang()));
  return (
    <SelectField
      {...props}
      label={t('fields.department')}
      placeholder={query.isPending ? t('placeholders.loading') : query.isError ? t('placeholders.departmentsFailed') : t('placeholders.select')}
    >
      {query.data ? departmentOptions(query.data.items) : null}
    </SelectField>
  );
}
