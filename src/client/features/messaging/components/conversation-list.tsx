// The left pane of the messages screens: search by name ('Search contacts...'), the
// All / Startups / Investors tabs by the contact's userType, and one row per conversation with
// the last message, its time and the unread badge.
import { useId, useState } from 'react';
import { Search, UsersRound } from 'lucide-react';
import type { ConversationSummary } from '@shared/contracts/messages';
import type { UserType } from '@shared/enums';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useNow } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { formatConversationTime } from '../message-time';
import { PartnerAvatar, partnerName } from './partner-avatar';

const TYPE_TABS = [
  { value: 'all', label: 'All' },
  { value: 'startup', label: 'Startups' },
  { value: 'investor', label: 'Investors' },
] as const;
type TypeTab = (typeof TYPE_TABS)[number]['value'];

/** Case-insensitive match on the contact's name (first, last or both) and their company or firm. */
export function matchesSearch(conversation: ConversationSummary, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [`${conversation.firstName} ${conversation.lastName}`, conversation.organization ?? ''].join('\n').toLowerCase();
  return haystack.includes(needle);
}

export interface ConversationListProps {
  conversations: ConversationSummary[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  isRetrying: boolean;
  selectedId: number | undefined;
  onSelect: (partnerId: number) => void;
  /** Shown when the user has no conversation at all. */
  emptyTitle: string;
  userType: UserType;
  className?: string;
}

export function ConversationList({
  conversations,
  isPending,
  error,
  onRetry,
  isRetrying,
  selectedId,
  onSelect,
  emptyTitle,
  userType,
  className,
}: ConversationListProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [typeTab, setTypeTab] = useState<TypeTab>('all');
  const visible = (conversations ?? []).filter(
    (conversation) => matchesSearch(conversation, search) && (typeTab === 'all' || conversation.userType === typeTab),
  );

  const body = isPending ? (
    <ConversationListSkeleton />
  ) : error ? (
    <ErrorState compact title="We couldn't load your conversations" message={error.message} onRetry={onRetry} isRetrying={isRetrying} className="m-3" />
  ) : conversations?.length === 0 ? (
    <EmptyState
      icon={UsersRound}
      title={emptyTitle}
      className="m-3 border-0 px-4 py-10"
      description={
        userType === 'startup'
          ? 'Accept an investor match to start a conversation with that investor.'
          : 'Accept a startup match to start a conversation with its founders.'
      }
      action={
        <LinkButton href={paths.matches(userType)} size="sm">
          {userType === 'startup' ? 'View investor matches' : 'Browse startups'}
        </LinkButton>
      }
    />
  ) : visible.length === 0 ? (
    <EmptyState
      icon={Search}
      title="No conversations found"
      className="m-3 border-0 px-4 py-10"
      description={search.trim() ? `No contact matches “${search.trim()}”.` : 'No contacts of this type yet.'}
    />
  ) : (
    <ul aria-label="Conversations" className="grid gap-0.5 p-2">
      {visible.map((conversation) => (
        <li key={conversation.userId}>
          <ConversationRow conversation={conversation} isSelected={conversation.userId === selectedId} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );

  return (
    <section aria-label="Contacts" className={cn('flex min-h-0 flex-col', className)}>
      <div className="border-b p-3">
        <label htmlFor={searchId} className="sr-only">
          Search contacts
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search contacts..."
            className="pl-9"
          />
        </div>
      </div>
      <Tabs value={typeTab} onValueChange={(value) => setTypeTab(value as TypeTab)} className="flex min-h-0 flex-1 flex-col">
        <div className="border-b px-3 py-2">
          <TabsList aria-label="Contact type" className="w-full">
            {TYPE_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {/* Only the active tab's panel is mounted, so the list renders once. */}
        {TYPE_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-0 min-h-0 flex-1 overflow-y-auto rounded-none focus-visible:ring-inset">
            {body}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function ConversationRow({
  conversation,
  isSelected,
  onSelect,
}: {
  conversation: ConversationSummary;
  isSelected: boolean;
  onSelect: (partnerId: number) => void;
}) {
  const name = partnerName(conversation);
  const hasUnread = conversation.unreadCount > 0;
  // "Yesterday" after midnight without a reload.
  const now = useNow();
  return (
    <button
      type="button"
      onClick={() => onSelect(conversation.userId)}
      aria-current={isSelected ? 'true' : undefined}
      className={cn(
        'flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
        isSelected && 'bg-accent hover:bg-accent',
      )}
    >
      <PartnerAvatar partner={conversation} className="mt-0.5 size-10" />
      <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('min-w-0 truncate text-sm', hasUnread ? 'font-semibold' : 'font-medium')}>{name}</span>
          {conversation.lastMessageTime && (
            <time dateTime={conversation.lastMessageTime} className="shrink-0 text-xs text-muted-foreground">
              {formatConversationTime(conversation.lastMessageTime, now)}
            </time>
          )}
        </span>
        {conversation.organization && <span className="truncate text-xs text-muted-foreground">{conversation.organization}</span>}
        <span className="flex items-center justify-between gap-2">
          <span className={cn('min-w-0 truncate text-sm', hasUnread ? 'text-foreground' : 'text-muted-foreground')}>
            {conversation.lastMessage ?? <span className="italic">Start the conversation</span>}
          </span>
          {hasUnread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums">
              {conversation.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

function ConversationListSkeleton() {
  return (
    <ListSkeleton
      label="Loading conversations"
      rows={4}
      leadingClassName="size-10 rounded-full"
      lineWidths={['w-2/3', 'w-full']}
      className="gap-1 p-2"
      rowClassName="px-3 py-2.5"
    />
  );
}
