// Startup profile, "Investor Preferences" tab: the kind of investor the startup is looking for.
// Matching reads these as the startup side's preferences (docs/profiles.md).
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { InvestorPreferences, type StartupProfile } from '@shared/contracts/profiles';
import { FUNDING_BUCKETS, INDUSTRIES, STAGES } from '@shared/enums';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useUpdateStartupProfilePart } from '../api';
import { ChipList, DetailList, EditableSection, FormActions } from './profile-parts';
import { SaveInformationFirst } from './save-information-first';

type PreferencesInput = z.input<typeof InvestorPreferences>;
type PreferencesOutput = z.output<typeof InvestorPreferences>;
const FIELDS = ['stages', 'checkSizes', 'industries', 'location'] as const;

export function StartupPreferencesTab({ profile, onOpenInformation }: { profile: StartupProfile | null; onOpenInformation: () => void }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <EditableSection
      title="Investor Preferences"
      description="The investors you would like to meet: their stages, check sizes, expertise and location."
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
      canEdit={profile !== null}
    >
      {!profile ? (
        <SaveInformationFirst what="investor preferences" onOpenInformation={onOpenInformation} />
      ) : isEditing ? (
        <PreferencesForm profile={profile} onDone={() => setIsEditing(false)} />
      ) : (
        <DetailList
          details={[
            { label: 'Preferred Investor Stages', value: <ChipList values={profile.investorPreferences.stages} /> },
            { label: 'Preferred Check Sizes', value: <ChipList values={profile.investorPreferences.checkSizes} /> },
            { label: 'Industries of Expertise', value: <ChipList values={profile.investorPreferences.industries} /> },
            { label: 'Location Preference', value: profile.investorPreferences.location },
          ]}
        />
      )}
    </EditableSection>
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
        <Controller
          control={form.control}
          name="stages"
          render={({ field }) => (
            <ChoiceGroup id="preferences-stages" legend="Preferred investor stages" hint="Stages the investors you want usually back." options={STAGES} value={field.value} onChange={field.onChange} error={errors.stages?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="checkSizes"
          render={({ field }) => (
            <ChoiceGroup id="preferences-check-sizes" legend="Preferred check sizes" options={FUNDING_BUCKETS} value={field.value} onChange={field.onChange} error={errors.checkSizes?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="industries"
          render={({ field }) => (
            <ChoiceGroup id="preferences-industries" legend="Industries of expertise" hint="Sectors where an investor's experience would help you most." options={INDUSTRIES} value={field.value} onChange={field.onChange} error={errors.industries?.message} />
          )}
        />
        <FormField id="preferences-location" label="Location preference" hint="Optional. For example Europe, or New York City." error={errors.location?.message} className="sm:max-w-md">
          {(control) => <Input {...control} {...form.register('location')} />}
        </FormField>
        <FormActions isPending={mutation.isPending} onCancel={onDone} />
      </fieldset>
    </form>
  );
}
