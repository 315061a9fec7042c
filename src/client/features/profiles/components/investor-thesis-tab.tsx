// Investor profile, "Investment Thesis" tab: what the firm invests in and why, in its own words.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { UpdateInvestorProfileBody, type InvestorProfile } from '@shared/contracts/profiles';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateInvestorProfile } from '../api';
import { ProfilePartSection } from './profile-parts';

const ThesisForm = z.object({ investmentThesis: UpdateInvestorProfileBody.shape.investmentThesis });
type ThesisInput = z.input<typeof ThesisForm>;
type ThesisOutput = z.output<typeof ThesisForm>;

export function InvestorThesisTab({ profile, onOpenInformation }: { profile: InvestorProfile | null; onOpenInformation: () => void }) {
  return (
    <ProfilePartSection
      title="Investment Thesis"
      description="In your own words: what you back, how, and what you never do. Founders read it first, and matching reads it for shared themes, business models and exclusions."
      what="investment thesis"
      profile={profile}
      onOpenInformation={onOpenInformation}
      form={(saved, onDone) => <ThesisFormView profile={saved} onDone={onDone} />}
      view={(saved) =>
        saved.investmentThesis ? (
          <p className="text-sm leading-relaxed break-words whitespace-pre-line">{saved.investmentThesis}</p>
        ) : (
          <p className="text-sm text-muted-foreground italic">Not provided</p>
        )
      }
    />
  );
}

function ThesisFormView({ profile, onDone }: { profile: InvestorProfile; onDone: () => void }) {
  const form = useForm<ThesisInput, unknown, ThesisOutput>({
    resolver: zodResolver(ThesisForm),
    defaultValues: { investmentThesis: profile.investmentThesis ?? '' },
  });
  const mutation = useUpdateInvestorProfile();
  const { errors } = form.formState;

  useEffect(() => form.setFocus('investmentThesis'), [form]);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { profile, changes: values },
      { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, form.setError, ['investmentThesis']) },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit investment thesis">
      <fieldset disabled={mutation.isPending} className="grid gap-5">
        <FormField
          id="investor-thesis"
          label="Investment Thesis"
          hint="Name sectors and business models (B2B, marketplace, deep tech…). Say what you avoid: “no hardware” keeps hardware startups out of your matches. “Global” or “remote” widens location fit. At least 10 characters."
          error={errors.investmentThesis?.message}
        >
          {(control) => <Textarea {...control} rows={8} {...form.register('investmentThesis')} />}
        </FormField>
        <FormActions isPending={mutation.isPending} onCancel={onDone} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
