// How a milestone's status and date read everywhere (the plan and the dashboard card): a badge
// with an icon and the status in words, and the date in digits in the browser's locale (the spec's
// MM/dd/yyyy in en-US, 24/11/2026 in en-GB), marked when overdue.
import { CalendarDays, CheckCircle2, Circle, CircleDot } from 'lucide-react';
import type { Milestone } from '@shared/contracts/milestones';
import type { MilestoneStatus } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { parseCalendarDate } from '@/lib/calendar-date';
import { formatNumericDate } from '@/lib/format';
import { cn } from '@/lib/utils';

export const STATUS_LABELS: Record<MilestoneStatus, string> = { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed' };

// Each status has its own icon as well as its own colour, so it never rests on colour alone.
const STATUS_STYLE: Record<MilestoneStatus, { icon: typeof Circle; className: string }> = {
  pending: { icon: Circle, className: 'border-border bg-background text-muted-foreground' },
  in_progress: { icon: CircleDot, className: 'border-transparent bg-accent text-accent-foreground' },
  // Green text on a green tint falls under 4.5:1 on the completed row's tinted background.
  completed: { icon: CheckCircle2, className: 'border-transparent bg-success/15 text-foreground [&_svg]:text-success' },
};

export function MilestoneStatusBadge({ status, className }: { status: MilestoneStatus; className?: string }) {
  const { icon: Icon, className: tone } = STATUS_STYLE[status];
  const label = STATUS_LABELS[status];
  return (
    <Badge variant="outline" className={cn(tone, className)}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}

/** A dated milestone that is not completed and whose day has passed. */
export function isOverdue(milestone: Pick<Milestone, 'date' | 'status'>, today = new Date()): boolean {
  const date = parseCalendarDate(milestone.date);
  if (!date || milestone.status === 'completed') return false;
  return date < new Date(today.getFullYear(), today.getMonth(), today.getDate());
}

export function MilestoneDate({ milestone }: { milestone: Pick<Milestone, 'date' | 'status'> }) {
  const shown = formatNumericDate(milestone.date);
  if (!shown) return <span className="text-muted-foreground">No date set</span>;
  const overdue = isOverdue(milestone);
  return (
    <span className={cn('inline-flex items-center gap-1.5 tabular-nums', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      <CalendarDays aria-hidden className="size-3.5 shrink-0" />
      {shown}
      {overdue && <span>· Overdue</span>}
    </span>
  );
}
