// Startup profile, "Profile Information" tab (spec §2, §5): the company record in view mode,
// and the form that creates or edits it with the spec's field rules.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Pencil } from 'lucide-react';
import type { z } from 'zod';
import { UpdateStartupProfileBody, type StartupProfile } from '@shared/contracts/profiles';
import { FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES, TEAM_SIZE_OPTIONS, bucketLabel, type Industry, type Stage } from '@shared/enums';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ExternalLink } from '@/components/ui/external-link';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatCalendarDate } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateStartupProfile } from '../api';
import { DetailList, EditableSection, FormActions } from './profile-parts';

// This tab owns the company fields only; team and preferences are left out, so the server keeps them.
const StartupInfoForm = UpdateStartupProfileBody.omit({ team: true, investorPreferences: true });
type StartupInfoInput = z.input<typeof StartupInfoForm>;
type StartupInfoOutput = z.output<typeof StartupInfoForm>;

const FIELDS = ['companyName', 'website', 'location', 'foundingDate', 'stage', 'industry', 'description', 'teamSize', 'fundingGoal'] as const;

/** Native selects hold strings; the API wants the bucket's integer, and "" means "not chosen". */
const toBucketValue = (value: unknown) => (value === '' || value === undefined || value === null ? undefined : Number(value));

export function StartupInfoTab({ profile }: { profile: StartupProfile | null }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <EditableSection
      title="Profile Information"
      description="The company details investors see and are matched against."
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
      canEdit={profile !== null}
    >
      {isEditing ? (
        <StartupInfoFormView profile={profile} onDone={() => setIsEditing(false)} />
      ) : profile ? (
        <StartupInfoDetails profile={profile} />
      ) : (
        <EmptyState
          icon={Building2}
          title="Complete your profile"
          description="Add your company name, stage, industry and funding goal so investors can find you and matches can be scored."
          action={
            <Button onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden />
              Complete your profile
            </Button>
          }
          className="border-none py-8"
          headingLevel={3}
        />
      )}
    </EditableSection>
  );
}

function StartupInfoDetails({ profile }: { profile: StartupProfile }) {
  return (
    <DetailList
      details={[
        { label: 'Company Name', value: profile.companyName },
        { label: 'Website', value: profile.website && <ExternalLink href={profile.website} /> },
        { label: 'Location', value: profile.location },
        { label: 'Founding Date', value: formatCalendarDate(profile.foundingDate) },
        { label: 'Stage', value: profile.stage },
        { label: 'Industry', value: profile.industry },
        { label: 'Team Size', value: bucketLabel(TEAM_SIZE_OPTIONS, profile.teamSize) },
        { label: 'Funding Goal', value: bucketLabel(FUNDING_GOAL_OPTIONS, profile.fundingGoal) },
        { label: 'Description', value: profile.description, isWide: true },
      ]}
    />
  );
}

function StartupInfoFormView({ profile, onDone }: { profile: StartupProfile | null; onDone: () => void }) {
  const form = useForm<StartupInfoInput, unknown, StartupInfoOutput>({
    resolver: zodResolver(StartupInfoForm),
    defaultValues: {
      companyName: profile?.companyName ?? '',
      website: profile?.website ?? '',
      location: profile?.location ?? '',
      foundingDate: profile?.foundingDate ?? '',
      // Saved values come from the same lists; an empty one shows the "Select ..." option.
      stage: (profile?.stage ?? undefined) as Stage | undefined,
      industry: (profile?.industry ?? undefined) as Industry | undefined,
      description: profile?.description ?? '',
      teamSize: profile?.teamSize ?? undefined,
      fundingGoal: profile?.fundingGoal ?? undefined,
    },
  });
  const mutation = useUpdateStartupProfile();
  const { errors } = form.formState;
  const field = form.register;

  useEffect(() => form.setFocus('companyName'), [form]);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile information">
      <fieldset disabled={mutation.isPending} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="startup-company-name" label="Company Name" error={errors.companyName?.message}>
            {(control) => <Input {...control} autoComplete="organization" {...field('companyName')} />}
          </FormField>
          <FormField id="startup-website" label="Website" hint="Optional. For example https://example.com" error={errors.website?.message}>
            {(control) => <Input {...control} type="url" inputMode="url" autoComplete="url" placeholder="https://" {...field('website')} />}
          </FormField>
          <FormField id="startup-location" label="Location" error={errors.location?.message}>
            {(control) => <Input {...control} placeholder="City, Country" {...field('location')} />}
          </FormField>
          <FormField id="startup-founding-date" label="Founding Date" hint="Optional" error={errors.foundingDate?.message}>
            {(control) => <Input {...control} type="date" {...field('foundingDate')} />}
          </FormField>
          <FormField id="startup-stage" label="Stage" error={errors.stage?.message}>
            {(control) => (
              <Select {...control} {...field('stage')}>
                <SelectOptions placeholder="Select a stage" options={STAGES} />
              </Select>
            )}
          </FormField>
          <FormField id="startup-industry" label="Industry" error={errors.industry?.message}>
            {(control) => (
              <Select {...control} {...field('industry')}>
                <SelectOptions placeholder="Select an industry" options={INDUSTRIES} />
              </Select>
            )}
          </FormField>
          <FormField id="startup-team-size" label="Team Size" error={errors.teamSize?.message}>
            {(control) => (
              <Select {...control} {...field('teamSize', { setValueAs: toBucketValue })}>
                <option value="">Select team size</option>
                {TEAM_SIZE_OPTIONS.map(({ label, value }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="startup-funding-goal" label="Funding Goal" error={errors.fundingGoal?.message}>
            {(control) => (
              <Select {...control} {...field('fundingGoal', { setValueAs: toBucketValue })}>
                <option value="">Select funding goal</option>
                {FUNDING_GOAL_OPTIONS.map(({ label, value }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField id="startup-description" label="Description" hint="What you do, for whom, and why now. At least 10 characters." error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={5} {...field('description')} />}
        </FormField>
        <FormActions isPending={mutation.isPending} onCancel={onDone} />
      </fieldset>
    </form>
  );
}
