// The Add Company and Edit Company dialog.
// Adding can start from a connected startup (an accepted match): choosing it fills the form from
// its profile, so only the investment itself (date, amount) is left to type.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CreatePortfolioCompanyBody, type PortfolioCandidate, type PortfolioCompany } from '@shared/contracts/portfolio';
import { asOneOf, INDUSTRIES, PERFORMANCE_LEVELS, STAGES } from '@shared/enums';
import { DialogDescription, DialogHeader, DialogTitle, FormDialog } from '@/components/ui/dialog';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreatePortfolioCompany, useUpdatePortfolioCompany } from '../api';
import { PERFORMANCE_LABELS } from '../portfolio-values';
import { ChoiceField, DollarAmountField, InvestmentDateField } from './investment-fields';

// The connection is chosen outside the form fields, so the form itself is the company's fields.
const CompanyForm = CreatePortfolioCompanyBody.omit({ startupId: true });
type CompanyFormInput = z.input<typeof CompanyForm>;
type CompanyFormOutput = z.output<typeof CompanyForm>;

const FIELDS = ['companyName', 'website', 'industry', 'stage', 'investmentDate', 'investmentAmount', 'description', 'performance'] as const;

export type CompanyDialogState = { kind: 'closed' } | { kind: 'add'; startupId?: number } | { kind: 'edit'; company: PortfolioCompany };

/** The parts of a connected startup's profile that fill the form. */
function prefillFrom(candidate: PortfolioCandidate): Partial<CompanyFormInput> {
  return {
    companyName: candidate.companyName,
    website: candidate.website ?? '',
    industry: asOneOf(INDUSTRIES, candidate.industry),
    stage: asOneOf(STAGES, candidate.stage),
    description: candidate.description ?? '',
  };
}

export function PortfolioCompanyDialog({
  state,
  onClose,
  candidates,
}: {
  state: CompanyDialogState;
  onClose: () => void;
  candidates: readonly PortfolioCandidate[];
}) {
  return (
    <FormDialog isOpen={state.kind !== 'closed'} onClose={onClose} className="max-w-2xl">
      {state.kind !== 'closed' && (
        <CompanyFormView
          key={state.kind === 'edit' ? `edit-${state.company.id}` : `add-${state.startupId ?? 'new'}`}
          state={state}
          onDone={onClose}
          candidates={candidates}
        />
      )}
    </FormDialog>
  );
}

function CompanyFormView({
  state,
  onDone,
  candidates,
}: {
  state: Exclude<CompanyDialogState, { kind: 'closed' }>;
  onDone: () => void;
  candidates: readonly PortfolioCandidate[];
}) {
  const editing = state.kind === 'edit' ? state.company : null;
  const initialCandidate = state.kind === 'add' ? candidates.find((candidate) => candidate.startupId === state.startupId) : undefined;
  const [startupId, setStartupId] = useState<number | undefined>(initialCandidate?.startupId);

  const form = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(CompanyForm),
    defaultValues: editing
      ? {
          companyName: editing.companyName,
          website: editing.website ?? '',
          industry: asOneOf(INDUSTRIES, editing.industry),
          stage: asOneOf(STAGES, editing.stage),
          investmentDate: editing.investmentDate,
          investmentAmount: editing.investmentAmount,
          description: editing.description,
          performance: editing.performance,
        }
      : {
          companyName: '',
          website: '',
          industry: undefined,
          stage: undefined,
          investmentDate: '',
          investmentAmount: undefined,
          description: '',
          performance: 'stable',
          ...(initialCandidate ? prefillFrom(initialCandidate) : {}),
        },
  });
  const create = useCreatePortfolioCompany();
  const update = useUpdatePortfolioCompany();
  const isPending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const field = form.register;

  const chooseConnection = (value: string) => {
    const candidate = candidates.find((entry) => String(entry.startupId) === value);
    setStartupId(candidate?.startupId);
    if (!candidate) return;
    for (const [name, fieldValue] of Object.entries(prefillFrom(candidate))) {
      form.setValue(name as keyof CompanyFormInput, fieldValue, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  };

  const onServerError = (error: unknown) => applyServerFieldErrors(error, form.setError, FIELDS);
  const onSubmit = form.handleSubmit((values) => {
    if (editing) update.mutate({ id: editing.id, body: values }, { onSuccess: onDone, onError: onServerError });
    else create.mutate({ ...values, startupId }, { onSuccess: onDone, onError: onServerError });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Company' : 'Add Company'}</DialogTitle>
        <DialogDescription>
          {editing ? `Update the details of your investment in ${editing.companyName}.` : 'Add a company you have invested in to your portfolio.'}
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={isPending} className="grid gap-5">
        {!editing && candidates.length > 0 && (
          <FormField
            id="portfolio-connection"
            label="Add from your connections"
            hint={
              startupId
                ? 'Filled in from the startup’s profile. Add the investment date and amount.'
                : 'Startups you have an accepted match with. Choose one to fill in its details.'
            }
          >
            {(control) => (
              <Select {...control} value={startupId === undefined ? '' : String(startupId)} onChange={(event) => chooseConnection(event.target.value)}>
                <option value="">Enter a company manually</option>
                {candidates.map((candidate) => (
                  <option key={candidate.startupId} value={candidate.startupId}>
                    {candidate.companyName}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="portfolio-company-name" label="Company Name" error={errors.companyName?.message}>
            {(control) => <Input {...control} autoComplete="off" {...field('companyName')} />}
          </FormField>
          <FormField id="portfolio-website" label="Website" hint="Optional. For example https://example.com" error={errors.website?.message}>
            {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" placeholder="https://" {...field('website')} />}
          </FormField>
          <ChoiceField form={form} name="industry" id="portfolio-industry" label="Industry" placeholder="Select an industry" options={INDUSTRIES} />
          <ChoiceField form={form} name="stage" id="portfolio-stage" label="Stage" placeholder="Select a stage" options={STAGES} />
          <InvestmentDateField form={form} name="investmentDate" id="portfolio-investment-date" label="Investment Date" />
          <DollarAmountField
            form={form}
            name="investmentAmount"
            id="portfolio-investment-amount"
            label="Investment Amount"
            placeholder="2.5M"
            emptyHint="US dollars, for example 2500000 or 2.5M"
          />
          <FormField id="portfolio-performance" label="Performance" error={errors.performance?.message}>
            {(control) => (
              <Select {...control} {...field('performance')}>
                {PERFORMANCE_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {PERFORMANCE_LABELS[level]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField id="portfolio-description" label="Description" hint="What the company does. At least 10 characters." error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={4} {...field('description')} />}
        </FormField>
      </fieldset>
      <FormActions
        isPending={isPending}
        onCancel={onDone}
        submitLabel={editing ? 'Save Changes' : 'Add Company'}
        pendingLabel={editing ? 'Saving...' : 'Adding...'}
      />
    </form>
  );
}
