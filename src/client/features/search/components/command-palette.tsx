// The command palette (issue #18, "Search"; docs/search.md): one dialog, opened from the top bar's
// search input or with ⌘K / Ctrl+K, that searches everything the user may see as they type and
// offers quick actions (go to a screen, generate matches, upload a document, new milestone).
// cmdk does the listbox: arrow keys, Home/End, Enter, pointer selection and keeping the chosen
// option in view; it sits inside the app's own Radix dialog. The top bar loads this module on
// first use, so it costs nothing on the first load of a screen.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useLocation } from 'wouter';
import {
  Activity,
  Bell,
  Building2,
  FileText,
  FileUp,
  LoaderCircle,
  MessageSquare,
  MessagesSquare,
  Milestone,
  Plus,
  Search,
  Settings,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { VisuallyHidden } from 'radix-ui';
import type { SearchResult, SearchType } from '@shared/contracts/search';
import type { UserType } from '@shared/enums';
import { NAV_LINKS } from '@/app/navigation';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { useGenerateMatches } from '@/features/matching/api';
import { cn } from '@/lib/utils';
import { searchQuery } from '../api';

/** How long typing must pause before the text is searched: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 150;

/** The headings of the result groups; a profile is always the other role's. */
const GROUP_HEADINGS: Record<SearchType, (role: UserType) => string> = {
  profile: (role) => (role === 'startup' ? 'Investors' : 'Startups'),
  document: () => 'Documents',
  message: () => 'Messages',
  milestone: () => 'Milestones',
};

const RESULT_ICONS: Record<SearchType, LucideIcon> = {
  profile: Building2,
  document: FileText,
  message: MessageSquare,
  milestone: Milestone,
};

/** One quick action: a screen to go to, or a task. */
interface PaletteAction {
  /** cmdk's option value: unique in the list. */
  value: string;
  label: string;
  /** More words that find it, beside the label's own. */
  keywords: string;
  icon: LucideIcon;
  run: () => void;
}

/** Whether every word typed appears in the action's label or keywords (any case). */
function actionMatches(action: PaletteAction, text: string): boolean {
  const haystack = `${action.label} ${action.keywords}`.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The value after it has stopped changing for `delay` ms. */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The tasks and the role's screens, each navigating with `go` (which also closes the palette). */
function useQuickActions(role: UserType, go: (run: () => void) => void): { tasks: PaletteAction[]; screens: PaletteAction[] } {
  const [, navigate] = useLocation();
  const generate = useGenerateMatches();
  const to = (href: string) => () => go(() => navigate(href));
  const tasks: PaletteAction[] = [
    {
      value: 'task:generate-matches',
      label: 'Generate matches',
      keywords: 'find score run refresh',
      icon: Sparkles,
      // The match list is where the new matches show; the mutation's own toast says what it found.
      run: () =>
        go(() => {
          navigate(paths.matches(role));
          generate.mutate();
        }),
    },
    ...(role === 'startup'
      ? [{ value: 'task:upload-document', label: 'Upload a document', keywords: 'add file data room pitch deck', icon: FileUp, run: to(paths.dataRoomUpload) }]
      : []),
    { value: 'task:new-milestone', label: 'New milestone', keywords: 'add create plan', icon: Plus, run: to(paths.milestones(role, { new: 1 })) },
  ];
  const screens: PaletteAction[] = [
    ...NAV_LINKS[role].map(({ href, label, icon }) => ({ value: `screen:${href}`, label, keywords: 'go to open screen', icon, run: to(href) })),
    // The investor's conversations are not in the sidebar (the startup's are: Communications).
    ...(role === 'investor'
      ? [
          {
            value: `screen:${paths.messages()}`,
            label: 'Messages',
            keywords: 'go to open screen conversations chat',
            icon: MessagesSquare,
            run: to(paths.messages()),
          },
        ]
      : []),
    { value: `screen:${paths.activity}`, label: 'Activity', keywords: 'go to open screen feed', icon: Activity, run: to(paths.activity) },
    { value: `screen:${paths.notifications}`, label: 'Notifications', keywords: 'go to open screen', icon: Bell, run: to(paths.notifications) },
    { value: `screen:${paths.settings}`, label: 'Settings', keywords: 'go to open screen account password email', icon: Settings, run: to(paths.settings) },
  ];
  return { tasks, screens };
}

const resultValue = (result: SearchResult) => `${result.type}:${result.id}`;

export interface CommandPaletteProps {
  role: UserType;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * What has been typed into the top bar's input, read when the palette takes focus: keys pressed
   * there while it was opening are not lost.
   */
  readTypedText: () => string;
  placeholder: string;
}

export function CommandPalette({ role, isOpen, onOpenChange, readTypedText, placeholder }: CommandPaletteProps) {
  const [text, setText] = useState(readTypedText);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where focus was when the palette opened (each opening mounts a new palette): it goes back
  // there when the palette closes without going anywhere. Radix would send it to the dialog's
  // trigger, and this dialog has none.
  const [returnFocusTo] = useState(() => document.activeElement);
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  // Clearing the text brings the quick actions back at once; only typing waits.
  const searchedText = trimmed === '' ? '' : debounced;
  // While the next text loads, the last answer stays (dimmed), so the list does not flash empty.
  const search = useQuery({ ...searchQuery(searchedText), enabled: searchedText !== '', placeholderData: keepPreviousData });
  const answer = trimmed === '' ? undefined : search.data;
  const isSearching = trimmed !== '' && (debounced !== trimmed || search.isFetching);
  const groups = answer?.groups.filter((group) => group.results.length > 0) ?? [];
  const resultCount = groups.reduce((count, group) => count + group.results.length, 0);

  // Set when an option takes the user elsewhere: focus then starts on the new screen, not back here.
  const isLeaving = useRef(false);
  const go = (run: () => void) => {
    isLeaving.current = true;
    onOpenChange(false);
    run();
  };
  const [, navigate] = useLocation();
  const { tasks, screens } = useQuickActions(role, go);
  const shownTasks = tasks.filter((action) => actionMatches(action, trimmed));
  const shownScreens = screens.filter((action) => actionMatches(action, trimmed));

  // The chosen option: the first one until the user moves, and the first again whenever the list
  // changes (new results), so Enter right after typing opens the best match.
  const values = [...groups.flatMap((group) => group.results.map(resultValue)), ...[...shownTasks, ...shownScreens].map((action) => action.value)];
  const listKey = values.join(' ');
  const [choice, setChoice] = useState<{ listKey: string; value: string } | null>(null);
  const selected = choice && choice.listKey === listKey && values.includes(choice.value) ? choice.value : (values[0] ?? '');

  const hasAnswerForText = answer !== undefined && answer.text === trimmed && !isSearching;
  const isEmpty = hasAnswerForText && resultCount === 0 && shownTasks.length === 0 && shownScreens.length === 0;
  const failure = trimmed !== '' && search.isError && !isSearching ? search.error : null;
  const announcement = failure
    ? `Search failed. ${failure.message}`
    : isSearching
      ? 'Searching…'
      : isEmpty
        ? `No results for “${trimmed}”`
        : hasAnswerForText
          ? `${resultCount} ${resultCount === 1 ? 'result' : 'results'}`
          : '';

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel="Close search"
        aria-describedby={undefined}
        // A sheet across the whole screen on phones; a panel near the top (it grows downwards as
        // results come) from sm up.
        className={cn(
          'top-[10vh] max-h-[min(34rem,80dvh)] max-w-xl translate-y-0 gap-0 overflow-hidden p-0',
          'max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:rounded-none max-sm:border-0',
        )}
        onOpenAutoFocus={(event) => {
          // Radix would select the input's text, and the next key would replace what was typed in
          // the top bar; the caret goes after it instead.
          event.preventDefault();
          setText(readTypedText());
          inputRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // Escape, ⌘K, the close button or a click outside: back where the user was. An option
          // that navigated: the new screen's content, unless that screen already moved focus
          // itself (a dialog it opened, such as the upload dialog).
          const isFocusFree = document.activeElement === null || document.activeElement === document.body;
          if (!isLeaving.current && returnFocusTo instanceof HTMLElement && returnFocusTo.isConnected) returnFocusTo.focus();
          else if (isFocusFree) document.getElementById('main-content')?.focus({ preventScroll: true });
        }}
      >
        <VisuallyHidden.Root asChild>
          <DialogTitle>Search</DialogTitle>
        </VisuallyHidden.Root>
        <Command
          label="Search and quick actions"
          shouldFilter={false}
          loop
          // ⌘K / Ctrl+K closes the palette again (top-bar.tsx); cmdk would read Ctrl+K as "up".
          vimBindings={false}
          value={selected}
          onValueChange={(value) => setChoice({ listKey, value })}
          className="flex min-h-0 flex-1 flex-col"
        >
          <div className="flex items-center gap-2 border-b px-4 pr-12">
            <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <Command.Input
              ref={inputRef}
              value={text}
              onValueChange={setText}
              placeholder={placeholder}
              maxLength={200}
              className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
            {isSearching && <LoaderCircle aria-hidden data-testid="search-pending" className="size-4 shrink-0 animate-spin text-muted-foreground" />}
          </div>
          <Command.List
            label="Results and quick actions"
            className={cn(
              'min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 transition-opacity',
              '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground',
              search.isPlaceholderData && isSearching && 'opacity-70',
            )}
          >
            {/* First: an action whose name the text matches is what the typist meant ("new mile"), and
                it stays first when search results arrive, so Enter does not change its mind. */}
            {shownTasks.length > 0 && (
              <Command.Group heading="Quick actions">
                {shownTasks.map((action) => (
                  <ActionOption key={action.value} action={action} />
                ))}
              </Command.Group>
            )}
            {groups.map((group) => (
              <Command.Group key={group.type} heading={GROUP_HEADINGS[group.type](role)}>
                {group.results.map((result) => (
                  <ResultOption key={resultValue(result)} result={result} onSelect={() => go(() => navigate(result.url))} />
                ))}
              </Command.Group>
            ))}
            {shownScreens.length > 0 && (
              <Command.Group heading="Go to">
                {shownScreens.map((action) => (
                  <ActionOption key={action.value} action={action} />
                ))}
              </Command.Group>
            )}
          </Command.List>
          {/* Outside the listbox, which may only hold options and groups. */}
          <PaletteState
            isSearchingFirst={isSearching && answer === undefined}
            emptyText={isEmpty ? trimmed : null}
            failure={failure}
            onRetry={() => void search.refetch()}
          />
          <p role="status" className="sr-only">
            {announcement}
          </p>
          <p aria-hidden className="hidden border-t px-4 py-2 text-xs text-muted-foreground sm:block">
            <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move · <kbd className="font-sans">Enter</kbd> to open ·{' '}
            <kbd className="font-sans">Esc</kbd> to close
          </p>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

const OPTION_CLASSES =
  'flex cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';

function ResultOption({ result, onSelect }: { result: SearchResult; onSelect: () => void }) {
  const Icon = RESULT_ICONS[result.type];
  return (
    <Command.Item value={resultValue(result)} onSelect={onSelect} className={OPTION_CLASSES}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">{result.title}</span>
        <span className="line-clamp-2 text-xs break-words text-muted-foreground">
          <HighlightedText text={result.snippet} highlights={result.highlights} />
        </span>
      </span>
    </Command.Item>
  );
}

function ActionOption({ action }: { action: PaletteAction }) {
  const Icon = action.icon;
  return (
    <Command.Item value={action.value} onSelect={action.run} className={cn(OPTION_CLASSES, 'items-center')}>
      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate">{action.label}</span>
    </Command.Item>
  );
}

/**
 * `text` with the server's matched ranges in <mark>. The ranges are offsets into `text` (never
 * markup), drawn as elements, so a name or message can never inject HTML. A range out of order or
 * out of bounds is skipped or clipped rather than trusted.
 */
function HighlightedText({ text, highlights }: { text: string; highlights: SearchResult['highlights'] }) {
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const [from, to] of highlights) {
    const start = Math.max(from, cursor);
    const end = Math.min(to, text.length);
    if (end <= start) continue;
    if (start > cursor) parts.push(text.slice(cursor, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-primary/15 font-semibold text-foreground">
        {text.slice(start, end)}
      </mark>,
    );
    cursor = end;
  }
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <>{parts}</>;
}

/** What shows below the list when it cannot speak for itself: the first search, nothing found, a failure. */
function PaletteState({
  isSearchingFirst,
  emptyText,
  failure,
  onRetry,
}: {
  isSearchingFirst: boolean;
  emptyText: string | null;
  failure: Error | null;
  onRetry: () => void;
}) {
  if (failure) {
    return (
      <div className="grid justify-items-center gap-2 px-4 py-6 text-center text-sm">
        <p className="font-medium">We couldn't search just now</p>
        <p className="text-muted-foreground">{failure.message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (emptyText !== null) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground">
        No results for “<span className="font-medium break-words text-foreground">{emptyText}</span>”
      </p>
    );
  }
  if (isSearchingFirst) return <p className="px-4 py-6 text-center text-sm text-muted-foreground">Searching…</p>;
  return null;
}
