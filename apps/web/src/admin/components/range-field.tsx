import { DatePicker, type GetProps } from 'antd';

export type RangeFieldProps = GetProps<typeof DatePicker.RangePicker> & {
  /** The range's name: the group holding its start and end inputs is announced by it. */
  label: string;
};

/**
 * A date range as one named control. antd's RangePicker copies an `aria-label` onto both of its
 * inputs (two fields of the same name, neither of them the range), and its root takes no ARIA
 * attributes: here the two inputs sit in a group named by `label`; the start input keeps the form
 * label's association (antd gives it the field's id) and each input its own start/end placeholder.
 */
export function RangeField({ label, ...picker }: RangeFieldProps) {
  return (
    <div role="group" aria-label={label} style={{ display: 'inline-block', maxWidth: '100%' }}>
      <DatePicker.RangePicker {...picker} />
    </div>
  );
}
