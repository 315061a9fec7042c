// Startup profile, "Profile Information" tab: the company record in view mode,
// and the form that creates or edits it with the spec's field rules. Also the traction figures and
// the "raising now" switch (issue #19), which investors read on the public profile.
import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import type { z } from 'zod';
import { UpdateStartupProfileBody, type StartupProfile } from '@shared/contracts/profiles';
import { FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES, TEAM_SIZE_OPTIONS, bucketLabel, type Industry, type Stage } from '@shared/enums';
import { FormActions, FormField } from '@/components/ui/form-field';
import { accountKeys } from '@/features/account/api';
import { Input } from '@/components/ui/input';
import { SwitchField } from '@/components/ui/switch-field';
import { Select, SelectOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateStartupProfile } from '../api';
import { CompleteProfilePrompt, DetailList, EditableSection, OrganizationFields, organizationDetails } from './profile-parts';
import { parsePercentFigure, parseWholeFigure, tractionDetails } from './startup-traction';

// This tab owns the company fields only; team and preferences are left out, so the server keeps them.
const StartupInfoForm = UpdateStartupProfileBody.omit({ team: true, investorPreferences: true });
type StartupInfoInput = z.input<typeof StartupInfoForm>;
type StartupInfoOutput = z.output<typeof StartupInfoForm>;

const FIELDS = [
  'companyName',
  'website',
  'location',
  'foundingDate',
  'stage',
  'industry',
  'description',
  'teamSize',
  'fundingGoal',
  'traction.arr',
  'traction.monthlyGrowthPercent',
  'traction.customers',
  'raisingNow',
] as const;

const NO_TRACTION = { arr: null, monthlyGrowthPercent: null, customers: null };
const RAISING_HINT = 'Investors filtering for startups raising now will find you.';
// Settings › Deal flow keeps its own copy of the switch (features/account, deal-flow-section.tsx).
// A save here that moves it drops that copy, or Settings would show and re-save the old value. It
// is removed rather than invalidated: that form takes its values once, when it mounts, so it must
// mount on a fresh answer, not on the old one with a refetch behind it.

/** Native selects hold strings; the API wants the bucket's integer, and "" means "not chosen". */
const toBucketValue = (value: unknown) => (value === '' || value === undefined || value === null ? undefined : Number(value));

export function StartupInfoTab({ profile }: { profile: StartupProfile | null }) {
  return (
    <EditableSection
      title="Profile Information"
      description="Stage, industry and funding goal decide which investors you are matched with; location and description refine each score."
      canEdit={profile !== null}
    >
      {({ isEditing, startEditing, stopEditing }) =>
        isEditing ? (
          <StartupInfoFormView profile={profile} onDone={stopEditing} />
        ) : profile ? (
          <StartupInfoDetails profile={profile} />
        ) : (
          <CompleteProfilePrompt
            icon={Building2}
            description="Add your company name, stage, industry and funding goal. Investors can find you once it is saved, and matches are scored from it."
            onStart={startEditing}
          />
        )
      }
    </EditableSection>
  );
}

function StartupInfoDetails({ profile }: { profile: StartupProfile }) {
  const tractionHeadingId = useId();
  return (
    <div className="grid gap-8">
      <DetailList
        details={[
          { label: 'Company Name', value: profile.companyName },
          ...organizationDetails(profile),
          { label: 'Stage', value: profile.stage },
          { label: 'Industry', value: profile.industry },
          { label: 'Team Size', value: bucketLabel(TEAM_SIZE_OPTIONS, profile.teamSize) },
          { label: 'Funding Goal', value: bucketLabel(FUNDING_GOAL_OPTIONS, profile.fundingGoal) },
          { label: 'Description', value: profile.description, isWide: true },
        ]}
      />
      <section aria-labelledby={tractionHeadingId} className="grid gap-4 border-t pt-6">
        <h3 id={tractionHeadingId} className="text-base font-semibold">
          Traction
        </h3>
        <DetailList
          details={[
            ...tractionDetails(profile.traction).map(({ label, value }) => ({ label, value })),
            { label: 'Raising Now', value: profile.raisingNow ? `Yes. ${RAISING_HINT}` : 'No, not at the moment' },
          ]}
        />
      </section>
    </div>
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
      traction: profile?.traction ?? NO_TRACTION,
      raisingNow: profile?.raisingNow ?? true,
    },
  });
  const mutation = useUpdateStartupProfile();
  const queryClient = useQueryClient();
  const { errors, dirtyFields } = form.formState;
  const field = form.register;

  useEffect(() => form.setFocus('companyName'), [form]);

  const onSubmit = form.handleSubmit(({ raisingNow, ...values }) => {
    // The switch is sent only when it was moved here: Settings › Deal flow may have changed it since
    // this profile was loaded, and re-sending the loaded value would undo that.
    const isRaisingChanged = Boolean(dirtyFields.raisingNow);
    mutation.mutate(isRaisingChanged ? { ...values, raisingNow } : values, {
      onSuccess: () => {
        if (isRaisingChanged) queryClient.removeQueries({ queryKey: accountKeys.intakeSettings() });
        onDone();
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile information">
      <fieldset disabled={mutation.isPending} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="startup-company-name" label="Company Name" error={errors.companyName?.message}>
            {(control) => <Input {...control} autoComplete="organization" {...field('companyName')} />}
          </FormField>
          <OrganizationFields idPrefix="startup" register={field} errors={errors} />
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
        <FormField
          id="startup-description"
          label="Description"
          hint="What you do, for whom, how you make money, and why now. Matching reads it for themes and business model (B2B, marketplace, subscription…). At least 10 characters."
          error={errors.description?.message}
        >
          {(control) => <Textarea {...control} rows={5} {...field('description')} />}
        </FormField>
        <fieldset className="grid gap-4 border-t pt-5">
          <legend className="float-left mb-1 w-full text-base font-semibold">Traction</legend>
          <p className="text-sm text-muted-foreground">Optional. Investors see these figures on your public profile; leave one empty to keep it to yourself.</p>
          <div className="grid gap-5 sm:grid-cols-3">
            <FormField id="startup-arr" label="ARR (US$)" hint="Annual recurring revenue, whole dollars" error={errors.traction?.arr?.message}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="e.g. 1,250,000"
                  {...field('traction.arr', { setValueAs: parseWholeFigure })}
                />
              )}
            </FormField>
            <FormField
              id="startup-monthly-growth"
              label="Monthly growth (%)"
              hint="Month over month; may be negative"
              error={errors.traction?.monthlyGrowthPercent?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="e.g. 12.5"
                  {...field('traction.monthlyGrowthPercent', { setValueAs: parsePercentFigure })}
                />
              )}
            </FormField>
            <FormField id="startup-customers" label="Customers" hint="How many customers you serve today" error={errors.traction?.customers?.message}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="e.g. 40"
                  {...field('traction.customers', { setValueAs: parseWholeFigure })}
                />
              )}
            </FormField>
          </div>
          <div className="rounded-lg border p-4">
            <SwitchField control={form.control} name="raisingNow" label="Raising now" hint={RAISING_HINT} />
          </div>
          {errors.raisingNow?.message && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.raisingNow.message}
            </p>
          )}
        </fieldset>
        <FormActions isPending={mutation.isPending} onCancel={onDone} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
