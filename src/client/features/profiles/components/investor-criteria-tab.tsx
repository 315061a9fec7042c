// Investor profile, "Investment Criteria" tab: industries, stages and check sizes, each a
// multi-select from the spec's lists. Startups are matched against these.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { UpdateInvestorProfileBody, type InvestorProfile } from '@shared/contracts/profiles';
import { FUNDING_BUCKETS, INDUSTRIES, STAGES } from '@shared/enums';
import { FormActions } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateInvestorProfile } from '../api';
import { ChipList, ChoiceField, DetailList, ProfilePartSection } from './profile-parts';

const shape = UpdateInvestorProfileBody.shape;
const CriteriaForm = z.object({ industryFocus: shape.industryFocus, stagePreference: shape.stagePreference, investmentRange: shape.investmentRange });
type CriteriaInput = z.input<typeof CriteriaForm>;
type CriteriaOutput = z.output<typeof CriteriaForm>;
const FIELDS = ['industryFocus', 'stagePreference', 'investmentRange'] as const;

export function InvestorCriteriaTab({ profile, onOpenInformation }: { profile: InvestorProfile | null; onOpenInformation: () => void }) {
  return (
    <ProfilePartSection
      title="Investment Criteria"
      description="Industry, stage and check size carry most of a startup's match score. Choose every value you would really invest in."
      what="investment criteria"
      profile={profile}
      onOpenInformation={onOpenInformation}
      form={(saved, onDone) => <CriteriaFormView profile={saved} onDone={onDone} />}
      view={(saved) => (
        <DetailList
          details={[
            { label: 'Industry Focus', value: <ChipList values={saved.industryFocus} />, isWide: true },
            { label: 'Stage Preference', value: <ChipList values={saved.stagePreference} />, isWide: true },
            { label: 'Check Sizes', value: <ChipList values={saved.investmentRange} />, isWide: true },
          ]}
        />
      )}
    />
  );
}

function CriteriaFormView({ profile, onDone }: { profile: InvestorProfile; onDone: () => void }) {
  const form = useForm<CriteriaInput, unknown, CriteriaOutput>({
    resolver: zodResolver(CriteriaForm),
    // Saved lists come from the same vocabularies the server checks.
    defaultValues: {
      industryFocus: profile.industryFocus,
      stagePreference: profile.stagePreference,
      investmentRange: profile.investmentRange,
    } as CriteriaInput,
  });
  const mutation = useUpdateInvestorProfile();

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate({ profile, changes: values }, { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit investment criteria">
      <fieldset disabled={mutation.isPending} className="grid gap-7">
        <ChoiceField
          control={form.control}
          name="industryFocus"
          id="criteria-industries"
          legend="Industry focus"
          hint="Close industries earn partial credit too (AI/ML and SaaS, FinTech and Blockchain), so pick only what you actively back."
          options={INDUSTRIES}
        />
        <ChoiceField
          control={form.control}
          name="stagePreference"
          id="criteria-stages"
          legend="Stage preference"
          hint="Startups one or two stages from these still match with a lower score; three or more away are not suggested."
          options={STAGES}
        />
        <ChoiceField
          control={form.control}
          name="investmentRange"
          id="criteria-check-sizes"
          legend="Check sizes"
          hint="Your typical check. A round one size above or below it still scores, in part."
          options={FUNDING_BUCKETS}
        />
        <FormActions isPending={mutation.isPending} onCancel={onDone} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
