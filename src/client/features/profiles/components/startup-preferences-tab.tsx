// Startup profile, "Investor Preferences" tab: the kind of investor the startup is looking for.
// Matching reads these as the startup side's preferences (docs/profiles.md).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { InvestorPreferences, type StartupProfile } from '@shared/contracts/profiles';
import { FUNDING_BUCKETS, INDUSTRIES, STAGES } from '@shared/enums';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useUpdateStartupProfilePart } from '../api';
import { ChipList, ChoiceField, DetailList, ProfilePartSection } from './profile-parts';

type PreferencesInput = z.input<typeof InvestorPreferences>;
type PreferencesOutput = z.output<typeof InvestorPreferences>;
const FIELDS = ['stages', 'checkSizes', 'industries', 'location'] as const;

export function StartupPreferencesTab({ profile, onOpenInformation }: { profile: StartupProfile | null; onOpenInformation: () => void }) {
  return (
    <ProfilePartSection
      title="Investor Preferences"
      description="The investors you want to meet. These score investors from your side; anything left empty falls back to your own stage, industry, funding goal and location."
      what="investor preferences"
      profile={profile}
      onOpenInformation={onOpenInformation}
      form={(saved, onDone) => <PreferencesForm profile={saved} onDone={onDone} />}
      view={({ investorPreferences: preferences }) => (
        <DetailList
          details={[
            { label: 'Preferred Investor Stages', value: <ChipList values={preferences.stages} /> },
            { label: 'Preferred Check Sizes', value: <ChipList values={preferences.checkSizes} /> },
            { label: 'Industries of Expertise', value: <ChipList values={preferences.industries} /> },
            { label: 'Location Preference', value: preferences.location },
          ]}
        />
      )}
    />
  );
}

function PreferencesForm({ profile, onDone }: { profile: StartupProfile; onDone: () => void }) {
  const saved = profile.investorPreferences;
  const form = useForm<PreferencesInput, unknown, PreferencesOutput>({
    resolver: zodResolver(InvestorPreferences),
    // Saved lists come from the same vocabularies the server checks.
    defaultValues: { stages: saved.stages, checkSizes: saved.checkSizes, industries: saved.industries, location: saved.location } as PreferencesInput,
  });
  const mutation = useUpdateStartupProfilePart();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { profile, part: { investorPreferences: values } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          // The server reports these as "investorPreferences.stages" and so on.
          for (const field of FIELDS) {
            const message = error.fieldErrors[`investorPreferences.${field}`]?.[0];
            if (message) form.setError(field, { type: 'server', message });
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit investor preferences">
      <fieldset disabled={mutation.isPending} className="grid gap-7">
        <ChoiceField
          control={form.control}
          name="stages"
          id="preferences-stages"
          legend="Preferred investor stages"
          hint="Stages the investors you want usually back."
          options={STAGES}
        />
        <ChoiceField control={form.control} name="checkSizes" id="preferences-check-sizes" legend="Preferred check sizes" options={FUNDING_BUCKETS} />
        <ChoiceField
          control={form.control}
          name="industries"
          id="preferences-industries"
          legend="Industries of expertise"
          hint="Sectors where an investor's experience would help you most."
          options={INDUSTRIES}
        />
        <FormField
          id="preferences-location"
          label="Location preference"
          hint="Optional. For example Europe, or New York City."
          error={errors.location?.message}
          className="sm:max-w-md"
        >
          {(control) => <Input {...control} {...form.register('location')} />}
        </FormField>
        <FormActions isPending={mutation.isPending} onCancel={onDone} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
