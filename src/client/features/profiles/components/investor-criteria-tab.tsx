// Investor profile, "Investment Criteria" tab: industries, stages and check sizes, each a
// multi-select from the spec's lists. Startups are matched against these.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { UpdateInvestorProfileBody, type InvestorProfile } from '@shared/contracts/profiles';
import { FUNDING_BUCKETS, INDUSTRIES, STAGES } from '@shared/enums';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateInvestorProfile } from '../api';
import { ChipList, DetailList, EditableSection, FormActions } from './profile-parts';
import { SaveInformationFirst } from './save-information-first';

const shape = UpdateInvestorProfileBody.shape;
const CriteriaForm = z.object({ industryFocus: shape.industryFocus, stagePreference: shape.stagePreference, investmentRange: shape.investmentRange });
type CriteriaInput = z.input<typeof CriteriaForm>;
type CriteriaOutput = z.output<typeof CriteriaForm>;
const FIELDS = ['industryFocus', 'stagePreference', 'investmentRange'] as const;

export function InvestorCriteriaTab({ profile, onOpenInformation }: { profile: InvestorProfile | null; onOpenInformation: () => void }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <EditableSection
      title="Investment Criteria"
      description="The industries, stages and check sizes you invest in. Startups are matched against these."
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
      canEdit={profile !== null}
    >
      {!profile ? (
        <SaveInformationFirst what="investment criteria" onOpenInformation={onOpenInformation} />
      ) : isEditing ? (
        <CriteriaFormView profile={profile} onDone={() => setIsEditing(false)} />
      ) : (
        <DetailList
          details={[
            { label: 'Industry Focus', value: <ChipList values={profile.industryFocus} />, isWide: true },
            { label: 'Stage Preference', value: <ChipList values={profile.stagePreference} />, isWide: true },
            { label: 'Check Sizes', value: <ChipList values={profile.investmentRange} />, isWide: true },
          ]}
        />
      )}
    </EditableSection>
  );
}

function CriteriaFormView({ profile, onDone }: { profile: InvestorProfile; onDone: () => void }) {
  const form = useForm<CriteriaInput, unknown, CriteriaOutput>({
    resolver: zodResolver(CriteriaForm),
    // Saved lists come from the same vocabularies the server checks.
    defaultValues: { industryFocus: profile.industryFocus, stagePreference: profile.stagePreference, investmentRange: profile.investmentRange } as CriteriaInput,
  });
  const mutation = useUpdateInvestorProfile();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate({ profile, changes: values }, { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit investment criteria">
      <fieldset disabled={mutation.isPending} className="grid gap-7">
        <Controller
          control={form.control}
          name="industryFocus"
          render={({ field }) => (
            <ChoiceGroup id="criteria-industries" legend="Industry focus" hint="Choose every industry you invest in." options={INDUSTRIES} value={field.value} onChange={field.onChange} error={errors.industryFocus?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="stagePreference"
          render={({ field }) => (
            <ChoiceGroup id="criteria-stages" legend="Stage preference" options={STAGES} value={field.value} onChange={field.onChange} error={errors.stagePreference?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="investmentRange"
          render={({ field }) => (
            <ChoiceGroup id="criteria-check-sizes" legend="Check sizes" hint="The range of a typical investment." options={FUNDING_BUCKETS} value={field.value} onChange={field.onChange} error={errors.investmentRange?.message} />
          )}
        />
        <FormActions isPending={mutation.isPending} onCancel={onDone} />
      </fieldset>
    </form>
  );
}
