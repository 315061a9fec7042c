// The fields an investment form shares, whether it records a portfolio company or a deal in the
// track record: a stage or industry chosen from the list, the date typed or picked, and an amount
// in dollars that reads "1.5M" and says back what it understood.
import { Controller, get, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectOptions } from '@/components/ui/select';
import { formatMoney } from '@/lib/format';
import { parseDollarAmount } from '../portfolio-values';
import { DateField } from './date-field';

interface InvestmentFieldProps<T extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<T, unknown, Output>;
  name: Path<T>;
  id: string;
  label: string;
  className?: string;
}

function errorOf<T extends FieldValues, Output extends FieldValues>(form: UseFormReturn<T, unknown, Output>, name: Path<T>): string | undefined {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/** A choice from a fixed list (stages, industries), with a placeholder until one is picked. */
export function ChoiceField<T extends FieldValues, Output extends FieldValues>({
  form,
  name,
  id,
  label,
  className,
  placeholder,
  options,
}: InvestmentFieldProps<T, Output> & { placeholder: string; options: readonly string[] }) {
  return (
    <FormField id={id} label={label} error={errorOf(form, name)} className={className}>
      {(control) => (
        <Select {...control} {...form.register(name)}>
          <SelectOptions placeholder={placeholder} options={options} />
        </Select>
      )}
    </FormField>
  );
}

export function InvestmentDateField<T extends FieldValues, Output extends FieldValues>({ form, name, id, label, className }: InvestmentFieldProps<T, Output>) {
  return (
    <FormField id={id} label={label} hint="MM/DD/YYYY" error={errorOf(form, name)} className={className}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => <DateField control={control} label={label} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      )}
    </FormField>
  );
}

/** Dollars typed as 500000 or 1.5M; the hint says back the amount understood, or how to type one. */
export function DollarAmountField<T extends FieldValues, Output extends FieldValues>({
  form,
  name,
  id,
  label,
  className,
  placeholder,
  emptyHint,
}: InvestmentFieldProps<T, Output> & { placeholder: string; emptyHint: string }) {
  const amount = parseDollarAmount(useWatch({ control: form.control, name }));
  return (
    <FormField
      id={id}
      label={label}
      hint={amount !== undefined && Number.isInteger(amount) && amount >= 0 ? `US dollars: ${formatMoney(amount, { isCompact: true })}` : emptyHint}
      error={errorOf(form, name)}
      className={className}
    >
      {(control) => (
        <Input {...control} inputMode="decimal" autoComplete="off" placeholder={placeholder} {...form.register(name, { setValueAs: parseDollarAmount })} />
      )}
    </FormField>
  );
}
