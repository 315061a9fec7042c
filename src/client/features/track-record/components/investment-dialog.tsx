// The Add investment and Edit investment dialog of the track record: the contract's own rules
// (shared with the server) plus "not in the future" by the browser's clock.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DATE_FUTURE_MESSAGE, isAfterToday, TrackRecordInvestmentBody, type TrackRecordInvestment } from '@shared/contracts/track-record';
import { asOneOf, INDUSTRIES, STAGES } from '@shared/enums';
import { DialogDescription, DialogHeader, DialogTitle, FormDialog } from '@/components/ui/dialog';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ChoiceField, DollarAmountField, InvestmentDateField } from '@/features/portfolio/components/investment-fields';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toastFailure } from '@/lib/use-toast';
import { useCreateInvestment, useUpdateInvestment } from '../api';

const InvestmentForm = TrackRecordInvestmentBody.superRefine((value, context) => {
  if (isAfterToday(value.investedOn, new Date())) context.addIssue({ code: 'custom', path: ['investedOn'], message: DATE_FUTURE_MESSAGE });
});
type FormInput = z.input<typeof InvestmentForm>;
type FormOutput = z.output<typeof InvestmentForm>;

const FIELDS = ['companyName', 'investedOn', 'stage', 'industry', 'location', 'amountUsd', 'link'] as const;

export type InvestmentDialogState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; investment: TrackRecordInvestment };

export function InvestmentDialog({ state, onClose }: { state: InvestmentDialogState; onClose: () => void }) {
  return (
    <FormDialog isOpen={state.kind !== 'closed'} onClose={onClose} className="max-w-2xl">
      <InvestmentFormView
        key={state.kind === 'edit' ? `edit-${state.investment.id}` : 'add'}
        editing={state.kind === 'edit' ? state.investment : null}
        onDone={onClose}
      />
    </FormDialog>
  );
}

function InvestmentFormView({ editing, onDone }: { editing: TrackRecordInvestment | null; onDone: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(InvestmentForm),
    defaultValues: editing
      ? {
          companyName: editing.companyName,
          investedOn: editing.investedOn,
          stage: asOneOf(STAGES, editing.stage),
          industry: asOneOf(INDUSTRIES, editing.industry),
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
        <InvestmentDateField form={form} name="investedOn" id="track-record-date" label="Date" />
        <ChoiceField form={form} name="stage" id="track-record-stage" label="Stage" placeholder="Select a stage" options={STAGES} />
        <ChoiceField form={form} name="industry" id="track-record-industry" label="Industry" placeholder="Select an industry" options={INDUSTRIES} />
        <FormField id="track-record-location" label="Location" hint="Optional. For example London, UK" error={errors.location?.message}>
          {(control) => <Input {...control} autoComplete="off" {...field('location')} />}
        </FormField>
        <DollarAmountField
          form={form}
          name="amountUsd"
          id="track-record-amount"
          label="Amount"
          placeholder="1.5M"
          emptyHint="Optional. US dollars, for example 500000 or 1.5M"
        />
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
