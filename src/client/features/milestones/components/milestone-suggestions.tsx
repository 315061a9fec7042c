// Sample milestones are shown while a pair's plan is empty. They are suggestions, never data:
// they are marked as such, stored nowhere, and one click adds one to the pair's real plan. Once the
// plan has milestones, the suggestions not yet used stay one click away in a collapsed section.
// The list and its order are documented in docs/milestones.md.
import { Lightbulb, LoaderCircle, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

export interface SuggestedMilestone {
  title: string;
  description: string;
}

/** The usual road from first call to close, and the first step after it: the relationship goes on beyond funding. */
export const SUGGESTED_MILESTONES: readonly SuggestedMilestone[] = [
  { title: 'Intro call', description: 'A first conversation about the team, the product and what each side is looking for.' },
  { title: 'Pitch meeting', description: 'The startup presents its pitch deck and answers the first round of questions.' },
  { title: 'Data room review', description: 'The investor reviews the documents shared in the data room.' },
  { title: 'Due diligence', description: 'Customer references, financial, legal and technical checks.' },
  { title: 'Term sheet', description: 'Agree the headline terms: amount, valuation, board seats and investor rights.' },
  { title: 'Close', description: 'Final documents signed and funds transferred.' },
  { title: 'First post-investment check-in', description: 'Progress since the round, hiring plans, and where the investor can help next.' },
];

const normalize = (title: string) => title.trim().toLowerCase();

/** The suggestions whose title is not already in the plan. */
export function unusedSuggestions(existingTitles: readonly string[]): SuggestedMilestone[] {
  const used = new Set(existingTitles.map(normalize));
  return SUGGESTED_MILESTONES.filter((suggestion) => !used.has(normalize(suggestion.title)));
}

function SuggestionList({
  suggestions,
  onAdd,
  pendingTitle,
}: {
  suggestions: readonly SuggestedMilestone[];
  onAdd: (suggestion: SuggestedMilestone) => void;
  pendingTitle: string | null;
}) {
  return (
    <ul className="grid gap-2">
      {suggestions.map((suggestion) => {
        const isAdding = pendingTitle === suggestion.title;
        return (
          <li key={suggestion.title} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-dashed bg-background/60 p-3">
            <div className="grid min-w-0 flex-1 basis-52 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm font-medium">{suggestion.title}</p>
                <Badge variant="outline" className="border-dashed text-muted-foreground">
                  Suggestion
                </Badge>
              </div>
              <p className="text-xs text-muted-foreground">{suggestion.description}</p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={pendingTitle !== null}
              onClick={() => onAdd(suggestion)}
              aria-label={`${isAdding ? 'Adding' : 'Add to plan'}: ${suggestion.title}`}
            >
              {isAdding ? <LoaderCircle aria-hidden className="animate-spin" /> : <Plus aria-hidden />}
              {isAdding ? 'Adding...' : 'Add to plan'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The empty plan: the suggestions, front and centre. */
export function EmptyPlanSuggestions({
  onAdd,
  pendingTitle,
  onCreateOwn,
}: {
  onAdd: (suggestion: SuggestedMilestone) => void;
  pendingTitle: string | null;
  onCreateOwn: () => void;
}) {
  return (
    <section aria-labelledby="milestone-suggestions-title" className="grid gap-4 rounded-xl border border-dashed bg-muted/30 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Lightbulb aria-hidden className="size-4" />
        </div>
        <div className="grid gap-1">
          <h3 id="milestone-suggestions-title" className="text-sm font-semibold">
            No milestones yet: start from a suggestion
          </h3>
          <p className="text-sm text-muted-foreground">
            These are common steps from first call to close. They are not part of your plan until you add them, and you can change them afterwards.
          </p>
        </div>
      </div>
      <SuggestionList suggestions={SUGGESTED_MILESTONES} onAdd={onAdd} pendingTitle={pendingTitle} />
      <div>
        <Button variant="link" className="h-auto px-0" onClick={onCreateOwn}>
          Or write your own milestone
        </Button>
      </div>
    </section>
  );
}

/** Under a plan that has milestones: the unused suggestions, collapsed. */
export function MoreSuggestions({
  existingTitles,
  onAdd,
  pendingTitle,
}: {
  existingTitles: readonly string[];
  onAdd: (suggestion: SuggestedMilestone) => void;
  pendingTitle: string | null;
}) {
  const remaining = unusedSuggestions(existingTitles);
  if (remaining.length === 0) return null;
  return (
    <details className="group rounded-lg border border-dashed">
      <summary className="flex cursor-pointer items-center gap-2 rounded-lg px-4 py-3 text-sm font-medium outline-none select-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring">
        <Lightbulb aria-hidden className="size-4 text-muted-foreground" />
        Suggested milestones ({remaining.length})
      </summary>
      <div className="px-4 pb-4">
        <SuggestionList suggestions={remaining} onAdd={onAdd} pendingTitle={pendingTitle} />
      </div>
    </details>
  );
}
