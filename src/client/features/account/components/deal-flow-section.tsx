// Settings › Deal flow (fair intake, issue #19; docs/intake.md). An investor says whether they are
// open to new deals and how many new startup requests reach them a week (the rest wait for the
// next week); a startup says whether it is raising now and sees its open requests against the
// limit of 30. One form and one Save per role; the server's refusals show at their fields.
import { useId } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Inbox } from 'lucide-react';
import { Switch as SwitchPrimitive } from 'radix-ui';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { dashboardKeys } from '@/features/dashboard/api';
import { matchKeys } from '@/features/matching/api';
import { api } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/use-toast';
import { FormFooter } from './form-footer';

const intakeKeys = { settings: () => ['account', 'intake-settings'] as const };

const intakeSettingsQuery = queryOptions({
  queryKey: intakeKeys.settings(),
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
    meta: { invalidates: [matchKeys.all, dashboardKeys.all] },
  });
}

export function DealFlowSection() {
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(intakeSettingsQuery);
  return (
    <Card aria-labelledby="deal-flow-title">
      <CardHeader>
        <CardTitle id="deal-flow-title" className="flex items-center gap-2">
          <Inbox aria-hidden className="size-5 text-muted-foreground" />
          Deal flow
        </CardTitle>
        <CardDescription>
          {data?.userType === 'startup'
            ? 'Whether you are raising, and the connection requests you have waiting for an answer.'
            : 'Whether you take new deals, and how many new connection requests reach you each week.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ListSkeleton rows={2} hasAction label="Loading your deal flow settings" />
        ) : isError ? (
          <ErrorState
            compact
            title="We couldn't load your deal flow settings"
            message={error.message}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : data.userType === 'investor' ? (
          <InvestorDealFlowForm settings={data} />
        ) : (
          <StartupDealFlowForm settings={data} />
        )}
      </CardContent>
    </Card>
  );
}

/** A labelled on/off switch (Radix: a button with role="switch", toggled by Space and Enter). */
function SwitchRow({ label, hint, checked, onCheckedChange }: { label: string; hint: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm leading-none font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-hint`}
        className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
    </div>
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
        <Controller
          control={form.control}
          name="openToNewDeals"
          render={({ field }) => (
            <SwitchRow
              label="Open to new deals"
              hint="When off, startups' requests wait in your queue, and are checked again each Monday."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
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
        <Controller
          control={form.control}
          name="raisingNow"
          render={({ field }) => (
            <SwitchRow
              label="Raising now"
              hint="Investors browsing startups can filter for those raising now."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
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
