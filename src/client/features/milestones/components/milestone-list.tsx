// The pair's plan as a list: a status badge on every milestone, Start on
// a pending one, Complete on one in progress, and Edit and Delete in a menu. Completed milestones
// show no action at all: they are the record of what was done.
import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, EllipsisVertical, LoaderCircle, Pencil, Play, Trash2 } from 'lucide-react';
import type { Milestone } from '@shared/contracts/milestones';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useAdvanceMilestone, useDeleteMilestone } from '../api';
import { MilestoneDate, MilestoneStatusBadge } from './milestone-status';

// aria-disabled rather than disabled while saving: a disabled button drops keyboard focus.
const PENDING_CLASS = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

/** The id of a row's "More actions" button, where focus returns after its dialogs. */
export const actionsButtonId = (milestone: Pick<Milestone, 'id'>) => `milestone-${milestone.id}-actions`;

export function MilestoneList({
  milestones,
  partnerName,
  onEdit,
  afterDeleteFocusId,
  focusMilestoneId = null,
}: {
  milestones: Milestone[];
  partnerName: string;
  onEdit: (milestone: Milestone) => void;
  /** Where focus goes once a deleted row is gone. */
  afterDeleteFocusId: string;
  /** A milestone to focus when its row appears (one just added from a suggestion). */
  focusMilestoneId?: number | null;
}) {
  // The milestone outlives the open flag so the confirmation keeps its text while it animates out.
  const [toDelete, setToDelete] = useState<Milestone | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isConfirmed = useRef(false);
  const deletion = useDeleteMilestone();
  return (
    <>
      <ol className="grid gap-3" aria-label="Milestones">
        {milestones.map((milestone) => (
          <MilestoneRow
            key={milestone.id}
            milestone={milestone}
            isFocusTarget={milestone.id === focusMilestoneId}
            onEdit={() => onEdit(milestone)}
            onDelete={() => {
              isConfirmed.current = false;
              setToDelete(milestone);
              setIsConfirmOpen(true);
            }}
          />
        ))}
      </ol>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        onCloseAutoFocus={(event) => {
          // Cancel goes back to the row's menu button; a confirmed delete removes that button.
          const target = document.getElementById(isConfirmed.current ? afterDeleteFocusId : toDelete ? actionsButtonId(toDelete) : '');
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
        title="Delete milestone"
        description={
          <>
            Are you sure you want to delete "{toDelete?.title}"? It will be removed from the plan you share with {partnerName}.
          </>
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (!toDelete) return;
          isConfirmed.current = true;
          deletion.mutate(toDelete);
        }}
      />
    </>
  );
}

function MilestoneRow({
  milestone,
  isFocusTarget,
  onEdit,
  onDelete,
}: {
  milestone: Milestone;
  isFocusTarget: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const advance = useAdvanceMilestone();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFocusTarget) titleRef.current?.focus();
  }, [isFocusTarget]);
  const isCompleted = milestone.status === 'completed';
  const titleId = `milestone-${milestone.id}-title`;
  // Start and Complete are one button that changes, so focus stays on it; Complete removes the
  // actions altogether, so focus moves to the milestone's title instead of being lost.
  const onAdvance = () => {
    if (advance.isPending) return;
    advance.mutate(
      { milestone, status: milestone.status === 'pending' ? 'in_progress' : 'completed' },
      { onSuccess: (updated) => updated.status === 'completed' && titleRef.current?.focus() },
    );
  };
  return (
    <li aria-labelledby={titleId} className={cn('flex flex-wrap items-start gap-x-4 gap-y-3 rounded-lg border bg-card p-4', isCompleted && 'bg-muted/40')}>
      <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            className={cn(
              'min-w-0 rounded-sm text-sm font-semibold break-words outline-none focus-visible:ring-2 focus-visible:ring-ring',
              isCompleted && 'text-muted-foreground line-through decoration-1',
            )}
          >
            {milestone.title}
          </h3>
          <MilestoneStatusBadge status={milestone.status} />
        </div>
        {milestone.description && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{milestone.description}</p>}
        <p className="text-xs">
          <MilestoneDate milestone={milestone} />
        </p>
      </div>
      {!isCompleted && (
        <div className="flex shrink-0 items-center gap-2">
          {milestone.status === 'pending' ? (
            <Button
              size="sm"
              variant="outline"
              aria-disabled={advance.isPending || undefined}
              onClick={onAdvance}
              aria-label={`Start ${milestone.title}`}
              className={PENDING_CLASS}
            >
              {advance.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Play aria-hidden />}
              Start
            </Button>
          ) : (
            <Button
              size="sm"
              aria-disabled={advance.isPending || undefined}
              onClick={onAdvance}
              aria-label={`Complete ${milestone.title}`}
              className={PENDING_CLASS}
            >
              {advance.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <CheckCircle2 aria-hidden />}
              Complete
            </Button>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button id={actionsButtonId(milestone)} size="icon" variant="ghost" className="size-9" aria-label={`More actions for ${milestone.title}`}>
                <EllipsisVertical aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={onEdit}>
                <Pencil aria-hidden />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={onDelete} className="text-destructive data-[highlighted]:text-destructive">
                <Trash2 aria-hidden />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      )}
    </li>
  );
}
