// The Share dialog: which connected investors (accepted matches) can open one document, how each
// has engaged with it, and the controls to share or take access away. A revocation takes effect
// on the investor's very next read, so an open preview on their screen stops working at once.
// Issue #20: the document's own switches (watermark, NDA), and for each grant how long it lasts and
// whether it allows downloads: chosen before sharing, shown on each grant, changeable later. The
// same settings can share the whole data room with one investor.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Handshake } from 'lucide-react';
import { useLocation } from 'wouter';
import { Switch as SwitchPrimitive } from 'radix-ui';
import type { DocumentGrant, DocumentSummary } from '@shared/contracts/documents';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { SwitchRow } from '@/components/ui/switch-field';
import { parseCalendarDate, toCalendarDateValue } from '@/lib/calendar-date';
import { formatRelativeTime } from '@/lib/format';
import { useNow } from '@/lib/relative-time';
import {
  documentAccessQuery,
  documentsQuery,
  shareCandidatesQuery,
  useGrantAccess,
  useRevokeAccess,
  useShareWholeRoom,
  useUpdateDocumentSettings,
  useUpdateGrant,
  type GrantSettings,
} from '../api';
import { formatDuration, formatShortDate, pluralize } from '../document-format';
import { DocumentRowsSkeleton } from './document-parts';

interface InvestorRow {
  userId: number;
  firmName: string;
  grant: DocumentGrant | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end-date choices: none, the issue's presets, or a day from the calendar. */
const EXPIRY_PRESETS = [
  { value: 'none', label: 'No end date' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'date', label: 'Until a date' },
] as const;
type ExpiryChoice = (typeof EXPIRY_PRESETS)[number]['value'];

/** The ISO end for a choice: presets count from now; a picked day ends at its last minute, local time. */
function expiresAtFor(choice: ExpiryChoice, day: string, now: Date): string | null | 'invalid' {
  if (choice === 'none') return null;
  if (choice === 'date') {
    const date = parseCalendarDate(day);
    if (!date) return 'invalid';
    date.setHours(23, 59, 0, 0);
    return date.getTime() > now.getTime() ? date.toISOString() : 'invalid';
  }
  return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
}

function engagementText(grant: DocumentGrant, now: Date): string {
  if (grant.views === 0) return 'Not opened yet';
  const parts = [
    pluralize(grant.views, 'view'),
    grant.lastViewedAt ? `last ${formatRelativeTime(grant.lastViewedAt, now)}` : null,
    grant.totalViewMs > 0 ? `${formatDuration(grant.totalViewMs)} in total` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** "until Dec 28, 2026", "ended on Dec 1, 2026", or "no end date". */
function expiryText(grant: DocumentGrant, now: Date): string {
  if (!grant.expiresAt) return 'no end date';
  return Date.parse(grant.expiresAt) <= now.getTime() ? `ended on ${formatShortDate(grant.expiresAt)}` : `until ${formatShortDate(grant.expiresAt)}`;
}

export function ShareDialog({ document, onOpenChange }: { document: DocumentSummary | null; onOpenChange: (isOpen: boolean) => void }) {
  const [, navigate] = useLocation();
  // Issue #21: the page analytics replace this dialog (a notification of a view lands here first).
  const showAnalytics = (documentId: number) => {
    onOpenChange(false);
    navigate(paths.documentInsight(documentId));
  };
  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close sharing" className="max-w-2xl">
        {document && <ShareBody document={document} onShowAnalytics={() => showAnalytics(document.id)} />}
      </DialogContent>
    </Dialog>
  );
}

function ShareBody({ document: opened, onShowAnalytics }: { document: DocumentSummary; onShowAnalytics: () => void }) {
  // The row that opened the dialog, kept current: the switches below change it.
  const documents = useQuery(documentsQuery);
  const document = documents.data?.find((item) => item.id === opened.id) ?? opened;
  const candidates = useQuery(shareCandidatesQuery);
  const access = useQuery(documentAccessQuery(document.id));
  const grant = useGrantAccess(document);
  const revoke = useRevokeAccess(document);
  const now = useNow();
  const [expiryChoice, setExpiryChoice] = useState<ExpiryChoice>('none');
  const [expiryDay, setExpiryDay] = useState(() => toCalendarDateValue(new Date(Date.now() + 30 * DAY_MS)));
  const [canDownload, setCanDownload] = useState(false);
  const expiryId = useId();

  const newExpiry = expiresAtFor(expiryChoice, expiryDay, now);
  const settings: GrantSettings | null = newExpiry === 'invalid' ? null : { expiresAt: newExpiry, canDownload };

  const isPending = candidates.isPending || access.isPending;
  const failed = candidates.isError ? candidates : access.isError ? access : null;
  let rows: InvestorRow[] = [];
  if (candidates.data && access.data) {
    const byId = new Map<number, InvestorRow>();
    for (const candidate of candidates.data) byId.set(candidate.userId, { ...candidate, grant: undefined });
    for (const item of access.data) byId.set(item.userId, { userId: item.userId, firmName: byId.get(item.userId)?.firmName ?? item.firmName, grant: item });
    // Investors who can open it first, then everyone else, each by name.
    rows = [...byId.values()].sort((a, b) => Number(isLive(b.grant)) - Number(isLive(a.grant)) || a.firmName.localeCompare(b.firmName));
  }
  const liveCount = rows.filter((row) => isLive(row.grant)).length;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">Share "{document.name}"</DialogTitle>
        <DialogDescription>Choose which of your connected investors can open this document. Removing access takes effect immediately.</DialogDescription>
      </DialogHeader>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={onShowAnalytics}>
        <BarChart3 aria-hidden />
        Page analytics
      </Button>
      <DocumentSwitches document={document} />
      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-semibold">New access</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <label htmlFor={expiryId} className="text-sm leading-none font-medium">
              Access until
            </label>
            <Select id={expiryId} value={expiryChoice} onChange={(event) => setExpiryChoice(event.target.value as ExpiryChoice)}>
              {EXPIRY_PRESETS.map((preset) => (
                <option key={preset.value} value={preset.value}>
                  {preset.label}
                </option>
              ))}
            </Select>
            {expiryChoice === 'date' && (
              <>
                <DatePicker id={`${expiryId}-day`} label="End date" value={expiryDay} onChange={setExpiryDay} aria-invalid={newExpiry === 'invalid'} />
                {newExpiry === 'invalid' && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    Choose a day after today.
                  </p>
                )}
              </>
            )}
          </div>
          <SwitchRow label="Download allowed" hint="Off: investors can view but not download." checked={canDownload} onCheckedChange={setCanDownload} />
        </div>
      </fieldset>
      {isPending ? (
        <DocumentRowsSkeleton rows={2} label="Loading investors" />
      ) : failed ? (
        <ErrorState
          compact
          title="We couldn't load your investors"
          message={failed.error?.message}
          onRetry={() => void failed.refetch()}
          isRetrying={failed.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Handshake}
          title="No connected investors"
          description="You can share documents with investors whose match you have accepted."
          action={
            <LinkButton href={paths.matches('startup')} size="sm">
              Go to investor matches
            </LinkButton>
          }
          className="py-8"
          headingLevel={3}
        />
      ) : (
        <>
          <section aria-label="Connected investors" className="grid gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {liveCount === 0 ? 'Not shared with anyone yet.' : `Shared with ${pluralize(liveCount, 'investor')}.`}
            </p>
            <ul className="divide-y rounded-lg border">
              {rows.map((row) => {
                const hasAccess = isLive(row.grant);
                const isBusy = (grant.isPending && grant.variables?.userId === row.userId) || (revoke.isPending && revoke.variables?.userId === row.userId);
                const hasEnded = Boolean(row.grant && !hasAccess && row.grant.expiresAt && Date.parse(row.grant.expiresAt) <= now.getTime());
                return (
                  <li key={row.userId} className="grid gap-2 px-4 py-3">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                      <div className="min-w-0 flex-1">
                        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                          <span className="break-words">{row.firmName}</span>
                          {hasAccess ? (
                            <Badge variant="accent">Has access</Badge>
                          ) : hasEnded ? (
                            <Badge variant="outline">Access ended</Badge>
                          ) : row.grant ? (
                            <Badge variant="outline">Access removed</Badge>
                          ) : null}
                        </p>
                        <p className="mt-0.5 text-xs text-muted-foreground">
                          {row.grant
                            ? `${
                                hasAccess
                                  ? `Shared ${formatShortDate(row.grant.grantedAt)}, ${expiryText(row.grant, now)}, ${row.grant.canDownload ? 'download allowed' : 'view only'}`
                                  : hasEnded
                                    ? `Access ${expiryText(row.grant, now)}`
                                    : `Removed ${formatShortDate(row.grant.revokedAt ?? row.grant.grantedAt)}`
                              } · ${engagementText(row.grant, now)}`
                            : 'Cannot open this document'}
                        </p>
                      </div>
                      {/* One button whose job flips, so keyboard focus stays on it after sharing or removing. */}
                      {/* aria-disabled, not disabled: a disabled button drops focus to the page. */}
                      <Button
                        variant={hasAccess ? 'outline' : 'default'}
                        size="sm"
                        aria-disabled={isBusy || (!hasAccess && settings === null)}
                        className={isBusy ? 'cursor-wait opacity-60' : undefined}
                        onClick={() => {
                          if (isBusy) return;
                          if (hasAccess) revoke.mutate(row);
                          else if (settings) grant.mutate({ ...row, settings });
                        }}
                      >
                        {hasAccess ? (isBusy ? 'Removing...' : 'Remove access') : isBusy ? 'Sharing...' : row.grant ? 'Share again' : 'Share'}
                        <span className="sr-only">{hasAccess ? ` for ${row.firmName}` : ` with ${row.firmName}`}</span>
                      </Button>
                    </div>
                    {hasAccess && row.grant && <GrantControls document={document} row={row} grant={row.grant} />}
                  </li>
                );
              })}
            </ul>
          </section>
          <WholeRoomShare investors={rows} settings={settings} />
        </>
      )}
    </>
  );
}

/** The document's own switches: watermark and the NDA. */
function DocumentSwitches({ document }: { document: DocumentSummary }) {
  const update = useUpdateDocumentSettings();
  const pending = update.isPending ? update.variables : undefined;
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">Protection</legend>
      <SwitchRow
        label="Watermark"
        hint="Viewers see their name and email on every page. PDF downloads are stamped; other types cannot be downloaded."
        checked={pending?.watermark ?? document.watermark}
        onCheckedChange={(watermark) => update.mutate({ id: document.id, name: document.name, watermark })}
      />
      <SwitchRow
        label="Require NDA"
        hint="Investors accept your NDA before they can open this document."
        checked={pending?.ndaRequired ?? document.ndaRequired ?? false}
        onCheckedChange={(ndaRequired) => update.mutate({ id: document.id, name: document.name, ndaRequired })}
      />
    </fieldset>
  );
}

/** A live grant's end date and download switch, changeable in place. */
function GrantControls({ document, row, grant }: { document: DocumentSummary; row: InvestorRow; grant: DocumentGrant }) {
  const update = useUpdateGrant(document);
  const id = useId();
  const now = useNow();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex items-center gap-2">
        {/* The select's own name adds the investor, so each row's control is told apart. */}
        <span aria-hidden className="text-xs text-muted-foreground">
          Access until
        </span>
        <Select
          id={`${id}-until`}
          className="h-8 w-40 text-xs sm:text-xs"
          value="current"
          aria-label={`Access until, ${row.firmName}`}
          onChange={(event) => {
            const choice = event.target.value as ExpiryChoice;
            const expiresAt = expiresAtFor(choice, '', now);
            if (expiresAt !== 'invalid') update.mutate({ userId: row.userId, firmName: row.firmName, settings: { expiresAt } });
          }}
        >
          <option value="current" disabled>
            {grant.expiresAt ? formatShortDate(grant.expiresAt) : 'No end date'}
          </option>
          {EXPIRY_PRESETS.filter((preset) => preset.value !== 'date').map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.value === 'none' ? preset.label : `${preset.label} from today`}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <SwitchPrimitive.Root
          id={`${id}-download`}
          checked={grant.canDownload}
          aria-label={`Download allowed, ${row.firmName}`}
          onCheckedChange={(canDownload) => update.mutate({ userId: row.userId, firmName: row.firmName, settings: { canDownload } })}
          className="inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=checked]:bg-primary"
        >
          <SwitchPrimitive.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
        </SwitchPrimitive.Root>
        <span aria-hidden className="text-xs text-muted-foreground">
          Download allowed
        </span>
      </div>
    </div>
  );
}

/** Shares every document of the room with one investor, with the "New access" settings. */
function WholeRoomShare({ investors, settings }: { investors: InvestorRow[]; settings: GrantSettings | null }) {
  const share = useShareWholeRoom();
  const [chosen, setChosen] = useState('');
  const id = useId();
  const investor = investors.find((row) => String(row.userId) === chosen);
  return (
    <form
      className="grid gap-2 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (investor && settings && !share.isPending) share.mutate({ userId: investor.userId, firmName: investor.firmName, settings });
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Share the whole data room
      </label>
      <p className="text-xs text-muted-foreground">Every document, with the access settings above.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="min-w-0 flex-1">
          <Select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">Choose an investor</option>
            {investors.map((row) => (
              <option key={row.userId} value={row.userId}>
                {row.firmName}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline" aria-disabled={!investor || !settings || share.isPending}>
          {share.isPending ? 'Sharing...' : 'Share whole data room'}
        </Button>
      </div>
    </form>
  );
}

function isLive(grant: DocumentGrant | undefined): boolean {
  return Boolean(grant && grant.revokedAt === null);
}
