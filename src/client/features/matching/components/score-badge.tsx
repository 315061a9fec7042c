// The match score as a round badge, shared by the match cards and the dashboard's top 3. The
// number is the visible text; screen readers hear "Match score 78 out of 100".
import { cn } from '@/lib/utils';

function scoreTone(score: number): string {
  if (score >= 75) return 'bg-success/15 text-success';
  if (score >= 50) return 'bg-accent text-accent-foreground';
  return 'bg-muted text-muted-foreground';
}

export function ScoreBadge({ score, size = 'md', className }: { score: number; size?: 'sm' | 'md'; className?: string }) {
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold tabular-nums',
        size === 'md' ? 'size-14 text-xl' : 'size-11 text-sm',
        scoreTone(score),
        className,
      )}
    >
      <span className="sr-only">Match score </span>
      <span>{score}</span>
      <span className="sr-only"> out of 100</span>
    </div>
  );
}
