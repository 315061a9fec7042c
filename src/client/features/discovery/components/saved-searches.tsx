// Saved searches on /discover: "Save search" (a name, and whether new matching profiles are
// announced), and the list of the viewer's searches to apply, rename, switch alerts on or off, or
// delete.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Bell, BellOff, Bookmark, Pencil, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { SAVED_SEARCH_NAME_MAX, type DiscoverFilters, type SavedSearch } from '@shared/contracts/discovery';
import { Button, PendingLabel } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { ApiError } from '@/lib/api';
import { errorMessage, toast } from '@/lib/use-toast';
import { savedSearchesQuery, useCreateSavedSearch, useDeleteSavedSearch, useUpdateSavedSearch } from '../api';

/** The "Email me…" switch: a checkbox a screen reader announces as a switch. */
function AlertsSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center justify-between gap-4 text-sm">
      <span>Email me when new profiles match</span>
      <input id={id} type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-5 accent-primary" />
    </label>
  );
}

/**
 * The name dialog behind "Save search" and each saved search's "Rename": a name (the server's
 * refusal shows under it), and when saving, whether new matching profiles are announced.
 */
function SavedSearchDialog({
  triggerLabel,
  triggerIcon: TriggerIcon,
  triggerSrOnly,
  title,
  description,
  initialName,
  withAlerts,
  submitLabel,
  mutation,
  onSubmit,
}: {
  triggerLabel: string;
  triggerIcon: typeof Bookmark;
  /** Said after the label to a screen reader only, e.g. which search a row's Rename is for. */
  triggerSrOnly?: string;
  title: string;
  description: string;
  initialName: string;
  withAlerts: boolean;
  submitLabel: string;
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  onSubmit: (values: { name: string; alertsEnabled: boolean }, close: () => void) => void;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [alertsEnabled, setAlertsEnabled] = useState(true);
  const nameError = mutation.error instanceof ApiError ? mutation.error.fieldErrors.name?.[0] : undefined;
  const formError = mutation.error && !nameError ? errorMessage(mutation.error) : undefined;
  const openWith = (open: boolean) => {
    setOpen(open);
    if (open) setName(initialName);
    else mutation.reset();
  };

  return (
    <Dialog open={isOpen} onOpenChange={openWith}>
      <Button variant={withAlerts ? 'outline' : 'ghost'} size={withAlerts ? 'default' : 'sm'} onClick={() => openWith(true)}>
        <TriggerIcon aria-hidden />
        {triggerSrOnly ? <span className="sr-only">{`${triggerLabel} ${triggerSrOnly}`}</span> : triggerLabel}
      </Button>
      <DialogContent>
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit({ name, alertsEnabled }, () => openWith(false));
          }}
          className="grid gap-4"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              required
              autoFocus
            />
            {nameError && (
              <p id={`${id}-name-error`} role="alert" className="text-sm font-medium text-destructive">
                {nameError}
              </p>
            )}
          </div>
          {withAlerts && <AlertsSwitch id={`${id}-alerts`} checked={alertsEnabled} onChange={setAlertsEnabled} />}
          {formError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formError}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending}>
              <PendingLabel isPending={mutation.isPending} pendingText="Saving…">
                {submitLabel}
              </PendingLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function SaveSearchButton({ filters }: { filters: DiscoverFilters }) {
  const create = useCreateSavedSearch();
  return (
    <SavedSearchDialog
      triggerLabel="Save search"
      triggerIcon={Bookmark}
      title="Save search"
      description="Keep these filters under a name, to apply them again from this page."
      initialName=""
      withAlerts
      submitLabel="Save"
      mutation={create}
      onSubmit={({ name, alertsEnabled }, close) =>
        create.mutate(
          { name, filters, alertsEnabled },
          {
            onSuccess: (saved) => {
              toast({ title: `Saved "${saved.name}"` });
              close();
            },
          },
        )
      }
    />
  );
}

function RenameSavedSearchButton({ search }: { search: SavedSearch }) {
  const rename = useUpdateSavedSearch();
  return (
    <SavedSearchDialog
      triggerLabel="Rename"
      triggerIcon={Pencil}
      triggerSrOnly={search.name}
      title="Rename saved search"
      description="The filters and alerts stay as they are."
      initialName={search.name}
      withAlerts={false}
      submitLabel="Rename"
      mutation={rename}
      onSubmit={({ name }, close) =>
        rename.mutate(
          { id: search.id, body: { name } },
          {
            onSuccess: (saved) => {
              toast({ title: `Renamed to "${saved.name}"` });
              close();
            },
          },
        )
      }
    />
  );
}

function SavedSearchRow({ search, isApplied }: { search: SavedSearch; isApplied: boolean }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const Icon = search.alertsEnabled ? Bell : BellOff;
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <Link
        href={paths.discover({ saved: search.id })}
        aria-current={isApplied ? 'true' : undefined}
        className="mr-auto min-w-0 rounded-sm font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {search.name}
        <span className="sr-only"> (apply)</span>
      </Link>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={search.alertsEnabled}
        disabled={update.isPending}
        onClick={() => update.mutate({ id: search.id, body: { alertsEnabled: !search.alertsEnabled } })}
      >
        <Icon aria-hidden />
        {search.alertsEnabled ? 'Alerts on' : 'Alerts off'}
        <span className="sr-only"> for {search.name}</span>
      </Button>
      <RenameSavedSearchButton search={search} />
      <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate({ id: search.id, name: search.name })}>
        <Trash2 aria-hidden />
        <span className="sr-only">Delete {search.name}</span>
      </Button>
    </li>
  );
}

export function SavedSearchList({ appliedId }: { appliedId: number | null }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(savedSearchesQuery);
  return (
    <section aria-labelledby="saved-searches-heading" className="rounded-xl border bg-card p-4 sm:p-5">
      <h2 id="saved-searches-heading" className="text-base font-semibold">
        Saved searches
      </h2>
      {isPending ? (
        <div className="mt-3 grid gap-2" aria-label="Loading saved searches">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-6 w-1/2" />
        </div>
      ) : isError ? (
        <ErrorState
          compact
          className="mt-3"
          title="Error loading saved searches"
          message={error.message}
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Save a search to come back to its filters, and hear when new profiles match.</p>
      ) : (
        <ul className="mt-1 divide-y">
          {data.map((search) => (
            <SavedSearchRow key={search.id} search={search} isApplied={search.id === appliedId} />
          ))}
        </ul>
      )}
    </section>
  );
}
