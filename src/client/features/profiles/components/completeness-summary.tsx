// The profile screens' completeness banner: the server's percentage, and what is still
// missing as buttons that open the tab where it is filled in. The words are the role's: a startup's
// profile is read by investors, an investor's by founders.
import { CircleCheck } from 'lucide-react';
import type { UserType } from '@shared/enums';
import type { ChecklistItem } from '@shared/profile-completeness';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';

const COPY: Record<UserType, { complete: string; missing: string }> = {
  startup: {
    complete: 'Your profile is complete. Investors see your whole company, and every field counts in your match scores.',
    missing: 'Still missing, each adding to what investors see and what your matches are scored on:',
  },
  investor: {
    complete: 'Your profile is complete. Founders see your whole firm and thesis, and every criterion counts in your match scores.',
    missing: 'Still missing, each adding to what founders see and what your matches are scored on:',
  },
};

export function CompletenessSummary({
  kind,
  percentage,
  checklist,
  onOpenTab,
}: {
  kind: UserType;
  percentage: number;
  checklist: readonly ChecklistItem[];
  onOpenTab: (tab: string) => void;
}) {
  const missing = checklist.filter((item) => !item.isDone);
  return (
    <Card>
      <CardContent className="grid gap-4 p-5 sm:p-6 md:grid-cols-[minmax(0,16rem)_1fr] md:items-center md:gap-8">
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="completeness-title" className="text-sm font-medium text-muted-foreground">
              Profile completeness
            </h2>
            <p className="text-2xl font-semibold tabular-nums">{percentage}%</p>
          </div>
          <Progress value={percentage} label="Profile completeness" />
        </div>
        {missing.length === 0 ? (
          <p className="flex items-center gap-2 text-sm font-medium text-success">
            <CircleCheck aria-hidden className="size-5 shrink-0" />
            {COPY[kind].complete}
          </p>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">{COPY[kind].missing}</p>
            <ul className="flex flex-wrap gap-2" aria-label="Missing from your profile">
              {missing.map((item) => (
                <li key={item.label}>
                  <button
                    type="button"
                    onClick={() => onOpenTab(item.tab)}
                    className="inline-flex items-center rounded-full border border-dashed border-primary/50 px-3 py-1 text-sm font-medium text-accent-foreground transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {item.label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
