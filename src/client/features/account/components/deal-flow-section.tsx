// Settings › Deal flow (fair intake, issue #19; docs/intake.md). An investor says whether they are
// open to new deals and how many new startup requests reach them a week (the rest wait for the
// next week); a startup says whether it is raising now and sees its open requests against the
// limit of 30. One form and one Save per role; the server's refusals show at their fields.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Inbox } from 'lucide-react';
import {
  getIntakeSettings,
  updateIntakeSettings,
  UpdateIntakeSettingsBody,
  WEEKLY_REQUEST_CAP_MAX,
  WEEKLY_REQUEST_CAP_MIN,
  type IntakeSettings,
  type InvestorIntakeSettings,
  type StartupIntakeSettings,
} from '@shared/contracts/intake';
import { SettingsCard } from '@/components/settings-card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SwitchField } from '@/components/ui/switch-field';
import { dashboardKeys } from '@/features/dashboard/api';
import { matchKeys } from '@/features/matching/api';
import { profileKeys } from '@/features/profiles/api';
import { api } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/use-toast';
import { accountKeys } from '../api';
import { FormFooter } from './form-footer';

const intakeSettingsQuery = queryOptions({
  queryKey: accountKeys.intakeSettings(),
  queryFn: ({ signal }) => api(getIntakeSettings, { signal }),
});

/** PUT /api/intake-settings. Opening up or raising the limit may deliver queued requests at once: the lists refetch. */
function useUpdateIntakeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIntakeSettingsBody) => api(updateIntakeSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(intakeSettingsQuery.queryKey, settings);
      toast({ title: 'Deal flow settings saved' });
    },
    // The profile's Info tab shows "Raising now" too.
    meta: { invalidates: [matchKeys.all, dashboardKeys.all, profileKeys.own()] },
  });
}

export function DealFlowSection() {
  return (
    <SettingsCard
      id="deal-flow-title"
      icon={Inbox}
      title="Deal flow"
      description={(settings) =>
        settings?.userType === 'startup'
          ? 'Whether you are raising, and the connection requests you have waiting for an answer.'
          : 'Whether you take new deals, and how many new connection requests reach you each week.'
      }
      query={useQuery(intakeSettingsQuery)}
      loadingLabel="Loading your deal flow settings"
      errorTitle="We couldn't load your deal flow settings"
    >
      {(settings) => (settings.userType === 'investor' ? <InvestorDealFlowForm settings={settings} /> : <StartupDealFlowForm settings={settings} />)}
    </SettingsCard>
  );
}

const InvestorForm = UpdateIntakeSettingsBody.pick({ openToNewDeals: true, weeklyRequestCap: true }).required();
type InvestorFormInput = z.input<typeof InvestorForm>;
type InvestorFormOutput = z.output<typeof InvestorForm>;

const investorValues = (settings: InvestorIntakeSettings): InvestorFormInput => ({
  openToNewDeals: settings.openToNewDeals,
  weeklyRequestCap: settings.weeklyRequestCap,
});

function InvestorDealFlowForm({ settings }: { settings: InvestorIntakeSettings }) {
  const form = useForm<InvestorFormInput, unknown, InvestorFormOutput>({ resolver: zodResolver(InvestorForm), defaultValues: investorValues(settings) });
  const update = useUpdateIntakeSettings();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        if (saved.userType === 'investor') form.reset(investorValues(saved));
      },
      onError: (failure) => applyServerFieldErrors(failure, form.setError, ['openToNewDeals', 'weeklyRequestCap']),
    }),
  );
  const formError = update.isError && Object.keys(errors).length === 0 ? update.error.message : undefined;
  const weekEnds = formatDateTime(settings.weekEndsAt);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Deal flow settings">
      <fieldset disabled={update.isPending} className="grid gap-6">
        <SwitchField
          control={form.control}
          name="openToNewDeals"
          label="Open to new deals"
          hint="When off, startups' requests wait in your queue, and are checked again each Monday."
        />
        <FormField
          id="weekly-request-cap"
          label="Weekly limit on new requests"
          hint={`New connection requests from startups that reach you each week, from ${WEEKLY_REQUEST_CAP_MIN} to ${WEEKLY_REQUEST_CAP_MAX}; the rest wait for next week. The week starts Monday 00:00 UTC.`}
          error={errors.weeklyRequestCap?.message}
          className="sm:max-w-xs"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={WEEKLY_REQUEST_CAP_MIN}
              max={WEEKLY_REQUEST_CAP_MAX}
              step={1}
              {...form.register('weeklyRequestCap', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <p role="status" className="text-sm text-muted-foreground">
          This week: {settings.requestsThisWeek} of {settings.weeklyRequestCap} requests received
          {settings.queuedRequests > 0 ? `, ${settings.queuedRequests} waiting until ${weekEnds}` : ''}.
        </p>
        <FormFooter error={formError} isPending={update.isPending} pendingText="Saving...">
          Save deal flow settings
        </FormFooter>
      </fieldset>
    </form>
  );
}

function StartupDealFlowForm({ settings }: { settings: StartupIntakeSettings }) {
  const form = useForm<{ raisingNow: boolean }>({ defaultValues: { raisingNow: settings.raisingNow } });
  const update = useUpdateIntakeSettings();
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved: IntakeSettings) => {
        if (saved.userType === 'startup') form.reset({ raisingNow: saved.raisingNow });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Deal flow settings">
      <fieldset disabled={update.isPending} className="grid gap-6">
        <SwitchField control={form.control} name="raisingNow" label="Raising now" hint="Investors browsing startups can filter for those raising now." />
        <p role="status" className="text-sm text-muted-foreground">
          {settings.openRequests} of {settings.openRequestLimit} requests waiting for an answer
        </p>
        <FormFooter error={update.isError ? update.error.message : undefined} isPending={update.isPending} pendingText="Saving...">
          Save deal flow settings
        </FormFooter>
      </fieldset>
    </form>
  );
}
