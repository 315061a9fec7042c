// The pair's plan as a list (spec §4 milestone status): a status badge on every milestone, Start on
// a pending one, Complete on one in progress, and Edit and Delete in a menu. Completed milestones
// show no action at all: they are the record of what was done.
import { useState } from 'react';
import { CheckCircle2, EllipsisVertical, LoaderCircle, Pencil, Play, Trash2 } from 'lucide-react';
import type { Milestone } from '@shared/contracts/milestones';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useAdvanceMilestone, useDeleteMilestone } from '../api';
import { MilestoneDate, MilestoneStatusBadge } from './milestone-status';

export function MilestoneList({ milestones, partnerName, onEdit }: { milestones: Milestone[]; partnerName: string; onEdit: (milestone: Milestone) => void }) {
  const [toDelete, setToDelete] = useState<Milestone | null>(null);
  const deletion = useDeleteMilestone();
  return (
    <>
      <ol className="grid gap-3" aria-label="Milestones">
        {milestones.map((milestone) => (
          <MilestoneRow key={milestone.id} milestone={milestone} onEdit={() => onEdit(milestone)} onDelete={() => setToDelete(milestone)} />
        ))}
      </ol>
      <AlertDialog open={toDelete !== null} onOpenChange={(isOpen) => !isOpen && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete milestone</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete "{toDelete?.title}"? It will be removed from the plan you share with {partnerName}.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => toDelete && deletion.mutate(toDelete)}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function MilestoneRow({ milestone, onEdit, onDelete }: { milestone: Milestone; onEdit: () => void; onDelete: () => void }) {
  const advance = useAdvanceMilestone();
  const isCompleted = milestone.status === 'completed';
  const titleId = `milestone-${milestone.id}-title`;
  return (
    <li aria-labelledby={titleId} className={cn('flex flex-wrap items-start gap-x-4 gap-y-3 rounded-lg border bg-card p-4', isCompleted && 'bg-muted/40')}>
      <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className={cn('min-w-0 text-sm font-semibold break-words', isCompleted && 'text-muted-foreground line-through decoration-1')}>
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
            <Button size="sm" variant="outline" disabled={advance.isPending} onClick={() => advance.mutate({ milestone, status: 'in_progress' })} aria-label={`Start ${milestone.title}`}>
              {advance.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Play aria-hidden />}
              Start
            </Button>
          ) : (
            <Button size="sm" disabled={advance.isPending} onClick={() => advance.mutate({ milestone, status: 'completed' })} aria-label={`Complete ${milestone.title}`}>
              {advance.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <CheckCircle2 aria-hidden />}
              Complete
            </Button>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="icon" variant="ghost" className="size-9" aria-label={`More actions for ${milestone.title}`}>
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
