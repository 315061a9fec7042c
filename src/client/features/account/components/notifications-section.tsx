// Settings › Notifications (issue #18): how each kind of notification reaches the user (in the app,
// in the app and by email, or not at all), the email digest with its time zone, and the score a new
// match needs before "New matches" counts it. One form and one Save: a row of selects saved one by
// one would send a request per change and race itself. The server's refusals show at their fields.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Path, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BellRing } from 'lucide-react';
import {
  DIGEST_FREQUENCIES,
  DIGEST_LOCAL_HOUR,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_LABELS,
  UNREAD_MESSAGE_EMAIL_DELAY_MS,
  UpdateNotificationPreferencesBody,
  type DigestFrequency,
  type NotificationPreferences,
} from '@shared/contracts/notification-preferences';
import { NOTIFICATION_TYPES, type NotificationType } from '@shared/contracts/notifications';
import type { UserType } from '@shared/enums';
import { SettingsCard } from '@/components/settings-card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioChoices } from '@/components/ui/radio-choices';
import { Select } from '@/components/ui/select';
import { useSignedInUser } from '@/features/auth/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { browserTimeZone, notificationPreferencesQuery, useUpdateNotificationPreferences } from '../api';
import { FormFooter } from './form-footer';

/**
 * The types that only ever reach one side (docs/notifications.md): only a founder's documents are
 * opened by investors, and only an investor is given or refused a document. The other side's rows
 * would be settings that never do anything.
 */
const ONLY_FOR_ROLE: Partial<Record<NotificationType, UserType>> = {
  document_opened: 'startup',
  document_access_granted: 'investor',
  document_access_revoked: 'investor',
  document_access_expired: 'startup',
  shared_document_expired: 'investor',
  document_new_version: 'investor',
};

const DIGEST_LABELS: Record<DigestFrequency, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };
const DIGEST_TIME = `${String(DIGEST_LOCAL_HOUR).padStart(2, '0')}:00`;
const UNREAD_EMAIL_DELAY_MINUTES = UNREAD_MESSAGE_EMAIL_DELAY_MS / 60_000;

// Every field is sent on Save (the contract lets each be left out; the form always has them all).
const PreferencesForm = UpdateNotificationPreferencesBody.required();
type PreferencesFormInput = z.input<typeof PreferencesForm>;
type PreferencesFormOutput = z.output<typeof PreferencesForm>;

/** The rows this account sees, in the contract's order, of the types the server answered with. */
function visibleTypes(preferences: NotificationPreferences, role: UserType): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => type in preferences.channels && (ONLY_FOR_ROLE[type] ?? role) === role);
}

function formValues(preferences: NotificationPreferences, types: readonly NotificationType[]): PreferencesFormInput {
  return {
    channels: Object.fromEntries(types.map((type) => [type, preferences.channels[type]])),
    digest: preferences.digest,
    // None stored yet (the layout stores the browser's once per session): the browser's is the proposal.
    timeZone: preferences.timeZone ?? browserTimeZone() ?? 'UTC',
    newMatchMinScore: preferences.newMatchMinScore,
  };
}

/** Every zone this browser knows, plus the chosen one if it is missing (an alias, or "UTC", which some browsers leave out). */
function timeZoneOptions(chosen: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser: the list is then just the chosen zone, which still saves.
  }
  return zones.includes(chosen) ? zones : [...zones, chosen].sort();
}

/** The time now in `timeZone` ("14:32"), so the user can tell the zone is theirs; null if the zone is unknown here. */
function timeNowIn(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date());
  } catch {
    return null;
  }
}

export function NotificationsSection() {
  return (
    <SettingsCard
      id="notifications-title"
      icon={BellRing}
      title="Notifications"
      description="What we tell you about, and whether it also comes by email. Every email has a link to turn that kind off."
      query={useQuery(notificationPreferencesQuery)}
      skeletonRows={4}
      loadingLabel="Loading your notification settings"
      errorTitle="We couldn't load your notification settings"
    >
      {(preferences) => <NotificationPreferencesForm preferences={preferences} />}
    </SettingsCard>
  );
}

function NotificationPreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const { userType } = useSignedInUser();
  const types = useMemo(() => visibleTypes(preferences, userType), [preferences, userType]);
  const form = useForm<PreferencesFormInput, unknown, PreferencesFormOutput>({
    resolver: zodResolver(PreferencesForm),
    defaultValues: formValues(preferences, types),
  });
  const update = useUpdateNotificationPreferences();
  const { errors } = form.formState;
  const chosenTimeZone = useWatch({ control: form.control, name: 'timeZone' });
  const zones = useMemo(() => timeZoneOptions(chosenTimeZone), [chosenTimeZone]);
  const timeThere = timeNowIn(chosenTimeZone);
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => form.reset(formValues(saved, types)),
      onError: (failure) =>
        applyServerFieldErrors(failure, form.setError, [
          ...types.map((type): Path<PreferencesFormInput> => `channels.${type}`),
          'digest',
          'timeZone',
          'newMatchMinScore',
        ]),
    }),
  );
  // A refusal that names no field here (too many requests, the server unreachable) is said by the button.
  const formError = update.isError && Object.keys(errors).length === 0 ? update.error.message : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Notification settings">
      <fieldset disabled={update.isPending} className="grid gap-8">
        <fieldset className="grid">
          <legend className="mb-1 font-semibold">What we tell you about</legend>
          <p className="mb-2 text-sm text-muted-foreground">
            Emails about unread messages wait {UNREAD_EMAIL_DELAY_MINUTES} minutes, and none is sent if you read them first.
          </p>
          {types.length === 0 ? (
            <p className="py-3 text-sm text-muted-foreground">There are no notifications to choose for your account yet.</p>
          ) : (
            <div className="divide-y">
              {types.map((type) => (
                <ChannelRow key={type} type={type} error={errors.channels?.[type]?.message} register={form.register} />
              ))}
            </div>
          )}
        </fieldset>

        <FormField
          id="new-match-min-score"
          label="Score threshold for new matches"
          hint={`"${NOTIFICATION_TYPE_LABELS.new_matches}" counts matches scoring at least this, from 0 to 100.`}
          error={errors.newMatchMinScore?.message}
          className="sm:max-w-xs"
        >
          {(control) => (
            <Input {...control} type="number" inputMode="numeric" min={0} max={100} step={1} {...form.register('newMatchMinScore', { valueAsNumber: true })} />
          )}
        </FormField>

        <fieldset aria-describedby="digest-hint" className="grid gap-2">
          <legend className="mb-1 font-semibold">Email digest</legend>
          <p id="digest-hint" className="text-sm text-muted-foreground">
            A summary of what is new, at {DIGEST_TIME} your time, weekly on Mondays. Nothing is sent when nothing is new.
          </p>
          <Controller
            control={form.control}
            name="digest"
            render={({ field }) => (
              <RadioChoices
                name="digest"
                className="sm:grid-cols-3"
                options={DIGEST_FREQUENCIES.map((frequency) => ({ value: frequency, label: DIGEST_LABELS[frequency] }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {errors.digest?.message && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.digest.message}
            </p>
          )}
        </fieldset>

        <FormField
          id="notification-time-zone"
          label="Time zone"
          hint={`Digests arrive at ${DIGEST_TIME} in this time zone${timeThere ? `, where it is ${timeThere} now` : ''}.`}
          error={errors.timeZone?.message}
          className="sm:max-w-sm"
        >
          {(control) => (
            <Select {...control} {...form.register('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <FormFooter error={formError} isPending={update.isPending} pendingText="Saving...">
          Save notification settings
        </FormFooter>
      </fieldset>
    </form>
  );
}

/** One type: its label, and a select of the three channels named by it. */
function ChannelRow({ type, error, register }: { type: NotificationType; error: string | undefined; register: UseFormRegister<PreferencesFormInput> }) {
  const id = `notification-channel-${type}`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2 py-3 sm:grid-cols-[1fr_16rem] sm:items-center sm:gap-4">
      <Label htmlFor={id} className="leading-snug">
        {NOTIFICATION_TYPE_LABELS[type]}
      </Label>
      <div className="grid gap-1">
        <Select id={id} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...register(`channels.${type}`)}>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {NOTIFICATION_CHANNEL_LABELS[channel]}
            </option>
          ))}
        </Select>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
