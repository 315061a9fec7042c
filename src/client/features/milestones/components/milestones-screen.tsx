// The shared milestones screen, for both sides (issue #7): pick a
// connected partner, then see and move the plan you share. ?partner=<userId> preselects one, so
// the dashboard card and other screens can link straight to a pair's plan; with a single
// connection it is preselected anyway. ?new=1 (the command palette's "New milestone") opens the
// new-milestone dialog on the chosen plan, once there is one.
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { Milestone as MilestoneIcon, Plus, Users } from 'lucide-react';
import type { Milestone } from '@shared/contracts/milestones';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { Button, LinkButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectedPartners, useCreateMilestone, usePairMilestones, type Partner } from '../api';
import { MilestoneFormDialog, type MilestoneDialogMode } from './milestone-form-dialog';
import { MilestoneList, actionsButtonId } from './milestone-list';
import { EmptyPlanSuggestions, MoreSuggestions, type SuggestedMilestone } from './milestone-suggestions';

const COPY = {
  startup: {
    description: 'Track progress with your connected investors.',
    partnerLabel: 'Connected investor',
    choose: 'Choose an investor',
    noPartnersTitle: 'No connected investors',
    noPartnersText: 'Milestones are shared with investors you are connected to. Accept an investor match to start tracking milestones together.',
    matchesLink: 'Go to investor matches',
    notConnected: 'That investor is not among your connections. Choose one from the list.',
    pickTitle: 'Choose an investor',
    pickText: 'Pick a connected investor to see the milestones you share and plan the next steps together.',
    pickForNewText: 'Pick the connected investor whose plan the new milestone belongs to.',
  },
  investor: {
    description: 'Track progress with your connected startups.',
    partnerLabel: 'Connected startup',
    choose: 'Choose a startup',
    noPartnersTitle: 'No connected startups',
    noPartnersText: 'Milestones are shared with startups you are connected to. Accept a startup match to start tracking milestones together.',
    matchesLink: 'Go to startup matches',
    notConnected: 'That startup is not among your connections. Choose one from the list.',
    pickTitle: 'Choose a startup',
    pickText: 'Pick a connected startup to see the milestones you share and plan the next steps together.',
    pickForNewText: 'Pick the connected startup whose plan the new milestone belongs to.',
  },
} as const;

/** The partner named by ?partner=, if it is a positive whole number. */
function usePartnerParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('partner');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const setId = (next: number | null) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === null) updated.delete('partner');
        else updated.set('partner', String(next));
        return updated;
      },
      // Choosing a partner is not a new page: Back should leave the screen.
      { replace: true },
    );
  return [id, setId];
}

/** The parameter that opens the new-milestone dialog: paths.milestones(role, { new: 1 }). */
const NEW_PARAM = 'new';

/**
 * Whether the address asks for the new-milestone dialog, and how to drop that from it (replacing
 * the entry, so Back leaves the screen and a reload does not open the dialog again).
 */
function useNewMilestoneParam(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const forget = () => {
    if (!params.has(NEW_PARAM)) return;
    setParams(
      (previous) => {
        const remaining = new URLSearchParams(previous);
        remaining.delete(NEW_PARAM);
        return remaining;
      },
      { replace: true },
    );
  };
  return [params.get(NEW_PARAM) === '1', forget];
}

export function MilestonesScreen({ userType }: { userType: UserType }) {
  const copy = COPY[userType];
  const { partners, query } = useConnectedPartners(userType);
  const [requestedId, setRequestedId] = usePartnerParam();
  const [isNewRequested] = useNewMilestoneParam();

  let content;
  if (query.isPending) {
    content = <PartnerPickerSkeleton />;
  } else if (query.isError) {
    content = (
      <ErrorState title="We couldn't load your connections" message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  } else if (!partners || partners.length === 0) {
    content = (
      <EmptyState
        icon={MilestoneIcon}
        title={copy.noPartnersTitle}
        description={copy.noPartnersText}
        action={<LinkButton href={paths.matches(userType)}>{copy.matchesLink}</LinkButton>}
      />
    );
  } else {
    const requested = requestedId === null ? undefined : partners.find((partner) => partner.id === requestedId);
    // With one connection there is nothing to choose.
    const selected = requested ?? (requestedId === null && partners.length === 1 ? partners[0] : undefined);
    const isUnknownRequest = requestedId !== null && !requested;
    content = (
      <div className="grid gap-6">
        <div className="grid max-w-sm gap-2">
          <FormField id="milestone-partner" label={copy.partnerLabel} error={isUnknownRequest ? copy.notConnected : undefined}>
            {(control) => (
              <Select
                {...control}
                value={selected ? String(selected.id) : ''}
                onChange={(event) => setRequestedId(event.target.value ? Number(event.target.value) : null)}
              >
                <option value="" disabled={selected !== undefined}>
                  {copy.choose}
                </option>
                {partners.map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    {partner.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {selected ? (
          <PairPlan key={selected.id} userType={userType} partner={selected} />
        ) : (
          <EmptyState icon={Users} title={copy.pickTitle} description={isNewRequested ? copy.pickForNewText : copy.pickText} />
        )}
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Milestones" description={copy.description} />
      {content}
    </>
  );
}

function PartnerPickerSkeleton() {
  return (
    <div role="status" aria-label="Loading your connections" className="grid gap-6">
      <div className="grid max-w-sm gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-full" />
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

const ADD_BUTTON_ID = 'milestone-add-button';

/** One pair's plan: progress, the list (or the suggestions), and the add/edit dialog. */
function PairPlan({ userType, partner }: { userType: UserType; partner: Partner }) {
  const { data: milestones, isPending, isError, error, refetch, isFetching } = usePairMilestones(partner.id);
  // The mode outlives the open flag so the dialog keeps its content while it animates out.
  const [dialog, setDialog] = useState<MilestoneDialogMode>({ kind: 'create' });
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // ?new=1 opens the create dialog as the Add button would; closing it drops the parameter.
  const [isNewRequested, forgetNewRequest] = useNewMilestoneParam();
  const shownDialog: MilestoneDialogMode = isNewRequested && !isDialogOpen ? { kind: 'create' } : dialog;
  const closeDialog = () => {
    setIsDialogOpen(false);
    forgetNewRequest();
  };
  const openDialog = (mode: MilestoneDialogMode) => {
    setDialog(mode);
    setIsDialogOpen(true);
  };
  const addSuggestion = useCreateMilestone(userType, partner.id);
  const pendingTitle = addSuggestion.isPending ? (addSuggestion.variables?.title ?? null) : null;
  // The suggestion's button disappears once it is added, so focus follows it into the plan.
  const [addedId, setAddedId] = useState<number | null>(null);
  const onAddSuggestion = (suggestion: SuggestedMilestone) =>
    addSuggestion.mutate(
      { title: suggestion.title, description: suggestion.description, date: '', status: 'pending' },
      { onSuccess: (milestone) => setAddedId(milestone.id) },
    );

  const completed = milestones?.filter((milestone) => milestone.status === 'completed').length ?? 0;
  const total = milestones?.length ?? 0;

  return (
    <Card role="region" aria-labelledby="pair-plan-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle id="pair-plan-title" className="break-words">
            Plan with {partner.name}
          </CardTitle>
          <CardDescription>Both of you see this plan and can move it forward.</CardDescription>
        </div>
        <Button id={ADD_BUTTON_ID} className="self-start" onClick={() => openDialog({ kind: 'create' })}>
          <Plus aria-hidden />
          Add milestone
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isPending ? (
          <PlanSkeleton />
        ) : isError ? (
          <ErrorState title="We couldn't load your milestones" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : milestones.length === 0 ? (
          <EmptyPlanSuggestions onAdd={onAddSuggestion} pendingTitle={pendingTitle} onCreateOwn={() => openDialog({ kind: 'create' })} />
        ) : (
          <>
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">
                <span className="font-medium text-foreground">{completed}</span> of {total} completed
              </p>
              <Progress value={(completed / total) * 100} label="Milestones completed" />
            </div>
            <MilestoneList
              milestones={milestones}
              partnerName={partner.name}
              onEdit={(milestone: Milestone) => openDialog({ kind: 'edit', milestone })}
              afterDeleteFocusId={ADD_BUTTON_ID}
              focusMilestoneId={addedId}
            />
            <MoreSuggestions existingTitles={milestones.map((milestone) => milestone.title)} onAdd={onAddSuggestion} pendingTitle={pendingTitle} />
          </>
        )}
      </CardContent>
      <MilestoneFormDialog
        mode={shownDialog}
        isOpen={isDialogOpen || isNewRequested}
        onClose={closeDialog}
        userType={userType}
        partner={partner}
        // A new milestone's dialog may have opened from the address, with no button behind it.
        returnFocusId={shownDialog.kind === 'edit' ? actionsButtonId(shownDialog.milestone) : ADD_BUTTON_ID}
      />
    </Card>
  );
}

function PlanSkeleton() {
  return (
    <div role="status" aria-label="Loading milestones" className="grid gap-3">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-2 rounded-lg border p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}
