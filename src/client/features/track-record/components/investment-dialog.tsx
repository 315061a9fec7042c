// The Add investment and Edit investment dialog of the track record: the contract's own rules
// (shared with the server) plus "not in the future" by the browser's clock.
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DATE_FUTURE_MESSAGE, isAfterToday, TrackRecordInvestmentBody, type TrackRecordInvestment } from '@shared/contracts/track-record';
import { INDUSTRIES, STAGES, type Industry, type Stage } from '@shared/enums';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectOptions } from '@/components/ui/select';
import { DateField } from '@/features/portfolio/components/date-field';
import { parseDollarAmount } from '@/features/portfolio/portfolio-values';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { toastFailure } from '@/lib/use-toast';
import { useCreateInvestment, useUpdateInvestment } from '../api';

const InvestmentForm = TrackRecordInvestmentBody.superRefine((value, context) => {
  if (isAfterToday(value.investedOn, new Date())) context.addIssue({ code: 'custom', path: ['investedOn'], message: DATE_FUTURE_MESSAGE });
});
type FormInput = z.input<typeof InvestmentForm>;
type FormOutput = z.output<typeof InvestmentForm>;

const FIELDS = ['companyName', 'investedOn', 'stage', 'industry', 'location', 'amountUsd', 'link'] as const;

export type InvestmentDialogState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; investment: TrackRecordInvestment };

const asStage = (value: string) => ((STAGES as readonly string[]).includes(value) ? (value as Stage) : undefined);
const asIndustry = (value: string) => ((INDUSTRIES as readonly string[]).includes(value) ? (value as Industry) : undefined);

export function InvestmentDialog({ state, onClose }: { state: InvestmentDialogState; onClose: () => void }) {
  const isOpen = state.kind !== 'closed';
  // Opened from the header, the empty state and each row: focus goes back to whichever it was.
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent
          className="max-w-2xl"
          onOpenAutoFocus={() => {
            openedFrom.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (openedFrom.current?.isConnected) openedFrom.current.focus();
          }}
        >
          <InvestmentFormView
            key={state.kind === 'edit' ? `edit-${state.investment.id}` : 'add'}
            editing={state.kind === 'edit' ? state.investment : null}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function InvestmentFormView({ editing, onDone }: { editing: TrackRecordInvestment | null; onDone: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(InvestmentForm),
    defaultValues: editing
      ? {
          companyName: editing.companyName,
          investedOn: editing.investedOn,
          stage: asStage(editing.stage),
          industry: asIndustry(editing.industry),
          location: editing.location ?? '',
          amountUsd: editing.amountUsd,
          link: editing.link ?? '',
        }
      : { companyName: '', investedOn: '', stage: undefined, industry: undefined, location: '', amountUsd: undefined, link: '' },
  });
  const create = useCreateInvestment();
  const update = useUpdateInvestment();
  const isPending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const field = form.register;
  const amount = parseDollarAmount(useWatch({ control: form.control, name: 'amountUsd' }));

  // A field the server refused shows under that field; anything else is a notice.
  const onServerError = (error: unknown) => {
    applyServerFieldErrors(error, form.setError, FIELDS);
    toastFailure(editing ? 'update investment' : 'add investment', error);
  };
  const onSubmit = form.handleSubmit((values) => {
    if (editing) update.mutate({ id: editing.id, body: values }, { onSuccess: onDone, onError: onServerError });
    else create.mutate(values, { onSuccess: onDone, onError: onServerError });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit investment' : 'Add investment'}</DialogTitle>
        <DialogDescription>
          {editing ? `Update your investment in ${editing.companyName}.` : 'A company you invested in. Founders see your track record on your public profile.'}
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={isPending} className="grid gap-5 sm:grid-cols-2">
        <FormField id="track-record-company" label="Company" error={errors.companyName?.message}>
          {(control) => <Input {...control} autoComplete="off" {...field('companyName')} />}
        </FormField>
        <FormField id="track-record-date" label="Date" hint="MM/DD/YYYY" error={errors.investedOn?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="investedOn"
              render={({ field: dateField }) => (
                <DateField control={control} label="Date" value={dateField.value} onChange={dateField.onChange} onBlur={dateField.onBlur} />
              )}
            />
          )}
        </FormField>
        <FormField id="track-record-stage" label="Stage" error={errors.stage?.message}>
          {(control) => (
            <Select {...control} {...field('stage')}>
              <SelectOptions placeholder="Select a stage" options={STAGES} />
            </Select>
          )}
        </FormField>
        <FormField id="track-record-industry" label="Industry" error={errors.industry?.message}>
          {(control) => (
            <Select {...control} {...field('industry')}>
              <SelectOptions placeholder="Select an industry" options={INDUSTRIES} />
            </Select>
          )}
        </FormField>
        <FormField id="track-record-location" label="Location" hint="Optional. For example London, UK" error={errors.location?.message}>
          {(control) => <Input {...control} autoComplete="off" {...field('location')} />}
        </FormField>
        <FormField
          id="track-record-amount"
          label="Amount"
          hint={
            amount !== undefined && Number.isInteger(amount) && amount >= 0
              ? `US dollars: ${formatMoney(amount, { isCompact: true })}`
              : 'Optional. US dollars, for example 500000 or 1.5M'
          }
          error={errors.amountUsd?.message}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" placeholder="1.5M" {...field('amountUsd', { setValueAs: parseDollarAmount })} />
          )}
        </FormField>
        <FormField
          id="track-record-link"
          label="Link"
          hint="Optional. An announcement or the company's website"
          error={errors.link?.message}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" placeholder="https://" {...field('link')} />}
        </FormField>
      </fieldset>
      <FormActions
        isPending={isPending}
        onCancel={onDone}
        submitLabel={editing ? 'Save Changes' : 'Add investment'}
        pendingLabel={editing ? 'Saving...' : 'Adding...'}
      />
    </form>
  );
}
