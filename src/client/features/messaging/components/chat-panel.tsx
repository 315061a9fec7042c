// The right pane of the messages screens: the selected partner, their thread and
// the composer. The thread loads its latest page first and older pages as the user scrolls up,
// scrolls to the newest message whenever one arrives, marks the partner's unread messages read
// while the chat is on screen, and shows "Seen" under the last message the partner has read.
// A linked message (`?message=`, from search) is scrolled to and highlighted briefly, loading
// older pages until it is there.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useInfiniteQuery, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Lock, MessageSquare, MessagesSquare, WifiOff } from 'lucide-react';
import type { User } from '@shared/contracts/auth';
import type { ConversationSummary, Message, MessagePage } from '@shared/contracts/messages';
import { paths } from '@/app/paths';
import { Button, PendingLabel } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { USER_TYPE_LABELS } from '@/features/auth/api';
import { SafetyActions } from '@/features/safety/components/safety-actions';
import { formatClockTime, formatDateTime } from '@/lib/format';
import { useLiveStatus } from '@/lib/live-events';
import { useNow } from '@/lib/relative-time';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { threadMessages, threadQuery, useFallbackPolling, useMarkThreadRead } from '../api';
import { groupIntoRuns, type MessageRun } from '../message-groups';
import { groupByDay } from '../message-time';
import { MessageText } from '../message-text';
import { MessageComposer } from './message-composer';
import { PartnerAvatar, partnerName } from './partner-avatar';

export function ChatPanel({
  partner,
  me,
  isLoading,
  linkedMessageId,
  className,
}: {
  partner: ConversationSummary | undefined;
  me: User;
  isLoading: boolean;
  /** A message of this conversation to scroll to and highlight (a search result's link). */
  linkedMessageId?: number;
  className?: string;
}) {
  const liveStatus = useLiveStatus();
  return (
    <section aria-label={partner ? `Chat with ${partnerName(partner)}` : 'Chat'} className={cn('flex min-h-0 flex-col', className)}>
      {isLoading ? (
        <ThreadSkeleton withHeader />
      ) : !partner ? (
        <CenteredNotice icon={MessagesSquare} title="Select a conversation" text="Choose a contact from the list to start chatting" />
      ) : (
        // Keyed by partner: a new chat starts with a fresh scroll position and an empty composer.
        <ChatWithPartner key={partner.userId} partner={partner} me={me} isLiveDown={liveStatus === 'down'} linkedMessageId={linkedMessageId} />
      )}
    </section>
  );
}

function ChatWithPartner({
  partner,
  me,
  isLiveDown,
  linkedMessageId,
}: {
  partner: ConversationSummary;
  me: User;
  isLiveDown: boolean;
  linkedMessageId: number | undefined;
}) {
  const name = partnerName(partner);
  const profileHref = paths.publicProfile(partner.userType, partner.userId);
  return (
    <>
      <header className="flex items-center gap-3 border-b px-4 py-3">
        <PartnerAvatar partner={partner} className="size-10" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold">{name}</h2>
          <p className="truncate text-xs text-muted-foreground">{[partner.organization, USER_TYPE_LABELS[partner.userType]].filter(Boolean).join(' · ')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link href={profileHref}>
            View profile<span className="sr-only"> of {name}</span>
          </Link>
        </Button>
        <SafetyActions subject={{ userId: partner.userId, name }} connectedMatchId={partner.connected ? partner.matchId : null} />
      </header>
      {isLiveDown && (
        <p role="status" className="flex items-center gap-2 border-b bg-muted/60 px-4 py-2 text-xs text-muted-foreground">
          <WifiOff aria-hidden className="size-3.5 shrink-0" />
          Live updates are paused while we reconnect. New messages still arrive every 10 seconds.
        </p>
      )}
      <Thread partner={partner} me={me} linkedMessageId={linkedMessageId} />
      {partner.connected ? <MessageComposer partner={partner} /> : <ReadOnlyNotice partner={partner} me={me} />}
    </>
  );
}

/**
 * In place of the composer when the pair is not connected (issue #14): the history stays, and the
 * notice says why nothing can be sent. A block is not named as such: the blocked side only learns
 * the conversation is closed.
 */
function ReadOnlyNotice({ partner, me }: { partner: ConversationSummary; me: User }) {
  const name = partnerName(partner);
  const { title, text } =
    partner.connectionEndedBy === null
      ? { title: 'This conversation is closed', text: `You can read your messages with ${name}, but you can no longer send new ones.` }
      : {
          title: partner.connectionEndedBy === me.userType ? 'You ended the connection' : `${name} ended the connection`,
          text: 'Your messages stay here to read. To write again, you both need to accept the match.',
        };
  return (
    <div role="status" className="flex items-start gap-3 border-t bg-muted/60 px-4 py-3 text-sm">
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{text}</p>
      </div>
    </div>
  );
}

/** The last message the caller sent that the partner has read: where "Seen" goes. */
function lastSeenMessageId(messages: readonly Message[], myId: number): number | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.senderId === myId && message.read) return message.id;
  }
  return undefined;
}

function Thread({ partner, me, linkedMessageId }: { partner: ConversationSummary; me: User; linkedMessageId: number | undefined }) {
  const query = useInfiniteQuery({ ...threadQuery(partner.userId), refetchInterval: useFallbackPolling() });
  const { data, isPending, isError, error, refetch, isRefetching, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const messages = threadMessages(data?.pages);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const topSentinelRef = useRef<HTMLDivElement>(null);
  // Day separators move on at midnight ("Today" becomes "Yesterday") while the chat stays open.
  const now = useNow();
  useMarkPartnerMessagesRead(partner.userId, messages, me.id);
  useStickToLatest(scrollerRef, messages);
  // After useStickToLatest: on the first load that scrolls to the latest message, then this to the linked one.
  const highlightedId = useRevealLinkedMessage(linkedMessageId, messages, scrollerRef, query);

  // Older pages load as the top of the thread scrolls into view.
  const canLoadOlder = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    const sentinel = topSentinelRef.current;
    const scroller = scrollerRef.current;
    if (!sentinel || !scroller || !canLoadOlder) return;
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && void fetchNextPage(), {
      root: scroller,
      rootMargin: '120px 0px 0px 0px',
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoadOlder, fetchNextPage]);

  if (isPending) return <ThreadSkeleton />;
  if (isError && !isFetchNextPageError) {
    return (
      <div className="flex flex-1 items-center p-4">
        <ErrorState
          compact
          title="We couldn't load this conversation"
          message={error.message}
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
          className="w-full"
        />
      </div>
    );
  }
  if (messages.length === 0) {
    return <CenteredNotice icon={MessageSquare} title="No messages yet" text={`Send the first message to ${partner.firstName}.`} />;
  }

  const seenId = lastSeenMessageId(messages, me.id);
  return (
    <div
      ref={scrollerRef}
      role="log"
      aria-label={`Messages with ${partnerName(partner)}`}
      // Focusable so keyboard users can scroll the thread; relative so the screen-reader-only
      // text (absolutely positioned) is clipped by it instead of stretching the page.
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-y-auto px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-4"
    >
      <div ref={topSentinelRef} />
      {hasNextPage && (
        <div className="mb-3 flex justify-center">
          {isFetchNextPageError ? (
            <ErrorState
              compact
              title="We couldn't load earlier messages"
              message={error?.message}
              onRetry={() => void fetchNextPage()}
              isRetrying={isFetchingNextPage}
            />
          ) : (
            <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              <PendingLabel isPending={isFetchingNextPage} pendingText="Loading...">
                Load earlier messages
              </PendingLabel>
            </Button>
          )}
        </div>
      )}
      {groupByDay(messages, now).map((group) => (
        <div key={group.key} className="grid gap-3">
          <p className="my-2 text-center text-xs font-medium text-muted-foreground">{group.heading}</p>
          {groupIntoRuns(group.items).map((run) => (
            <MessageRunView
              key={run.messages[0]!.id}
              run={run}
              isMine={run.senderId === me.id}
              partner={partner}
              seenId={seenId}
              highlightedId={highlightedId}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

/** One sender's run of messages: who and when once, then the bubbles, "Seen" under the last one read. */
function MessageRunView({
  run,
  isMine,
  partner,
  seenId,
  highlightedId,
}: {
  run: MessageRun;
  isMine: boolean;
  partner: ConversationSummary;
  seenId: number | undefined;
  highlightedId: number | undefined;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', isMine ? 'items-end' : 'items-start')}>
      <p className="px-1 text-[11px] text-muted-foreground">
        <span className="font-medium">{isMine ? 'You' : partner.firstName}</span>
        <span aria-hidden> · </span>
        <time dateTime={run.startedAt} title={formatDateTime(run.startedAt)}>
          {formatClockTime(run.startedAt)}
        </time>
      </p>
      {run.messages.map((message) => (
        <MessageBubble key={message.id} message={message} isMine={isMine} isSeen={message.id === seenId} isHighlighted={message.id === highlightedId} />
      ))}
    </div>
  );
}

function MessageBubble({ message, isMine, isSeen, isHighlighted }: { message: Message; isMine: boolean; isSeen: boolean; isHighlighted: boolean }) {
  return (
    <>
      <div
        data-message-id={message.id}
        data-highlighted={isHighlighted || undefined}
        // Long words, links and tokens wrap anywhere, so nothing pushes the thread wider than its pane.
        // The linked message's ring fades out (where motion is welcome) when the highlight ends.
        className={cn(
          'max-w-[85%] min-w-0 rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] motion-safe:transition-shadow motion-safe:duration-700 sm:max-w-[75%]',
          isMine ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
          isHighlighted && 'ring-2 ring-amber-500 ring-offset-2 ring-offset-card',
        )}
        title={formatDateTime(message.sentAt)}
      >
        <span className="sr-only">{isMine ? 'You: ' : ''}</span>
        <MessageText content={message.content} />
      </div>
      {isSeen && <p className="px-1 text-[11px] font-medium text-muted-foreground">Seen</p>}
    </>
  );
}

/**
 * Each unread message from the partner is marked read when the chat loads, and, while
 * the chat stays open, as more arrive. Only while the page is visible: a message that lands in a
 * background tab has not been seen, so it stays unread until the tab is shown.
 */
function useMarkPartnerMessagesRead(partnerId: number, messages: readonly Message[], myId: number) {
  const { mutate } = useMarkThreadRead();
  const newestUnreadId = messages.findLast((message) => message.senderId === partnerId && message.receiverId === myId && !message.read)?.id;
  // The newest message a request already covers: the thread refetch that follows it must not
  // send another.
  const requestedUpTo = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newestUnreadId === undefined) return;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || requestedUpTo.current === newestUnreadId) return;
      requestedUpTo.current = newestUnreadId;
      mutate(partnerId, {
        onError: () => {
          requestedUpTo.current = undefined;
        },
      });
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [newestUnreadId, mutate, partnerId]);
}

/** How many pages (of 50) a thread loads looking for a linked message before it gives up. */
const LINKED_MESSAGE_MAX_PAGES = 20;
/** How long a linked message stays highlighted once it is on screen. */
const LINKED_MESSAGE_HIGHLIGHT_MS = 2500;

/**
 * A linked message (a search result) is brought into view: while it is not among the loaded pages,
 * older pages load one at a time (up to LINKED_MESSAGE_MAX_PAGES); once it is, the thread scrolls
 * it to the middle (smoothly, unless the user prefers reduced motion) and it stays highlighted for
 * a moment. Returns the id to highlight now. A message that cannot be found is said so in a toast.
 */
function useRevealLinkedMessage(
  linkedId: number | undefined,
  messages: readonly Message[],
  scrollerRef: RefObject<HTMLDivElement | null>,
  query: UseInfiniteQueryResult<InfiniteData<MessagePage>>,
): number | undefined {
  // Any fetch counts, not only a next page's: a refetch of the loaded pages (a read receipt, a live
  // event) would cancel a next page asked for meanwhile, and the search would stop there.
  const { data, hasNextPage, isFetching, isFetchNextPageError, isPending, fetchNextPage } = query;
  const isLoaded = linkedId !== undefined && messages.some((message) => message.id === linkedId);
  const pageCount = data?.pages.length ?? 0;
  const isLookingFurther = linkedId !== undefined && !isLoaded && !isPending;
  const mayLoadOlder = hasNextPage && !isFetching && !isFetchNextPageError && pageCount < LINKED_MESSAGE_MAX_PAGES;
  // Which linked ids have been dealt with (shown, or reported missing): each is handled once, so
  // live updates and later pages do not scroll the thread back to it.
  const handledId = useRef<number | undefined>(undefined);
  const [expiredId, setExpiredId] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (!isLookingFurther || handledId.current === linkedId) return;
    if (mayLoadOlder) {
      void fetchNextPage();
      return;
    }
    if (isFetching || isFetchNextPageError) return;
    handledId.current = linkedId;
    toast({
      title: "We couldn't show that message",
      description: hasNextPage ? 'It is further back than we load at once. Scroll up to read earlier messages.' : 'It is no longer in this conversation.',
    });
  }, [isLookingFurther, mayLoadOlder, linkedId, fetchNextPage, hasNextPage, isFetching, isFetchNextPageError]);

  useLayoutEffect(() => {
    if (!isLoaded || handledId.current === linkedId) return;
    const bubble = scrollerRef.current?.querySelector(`[data-message-id="${linkedId}"]`);
    if (!bubble) return;
    handledId.current = linkedId;
    const prefersReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    bubble.scrollIntoView({ block: 'center', behavior: prefersReducedMotion ? 'auto' : 'smooth' });
  });

  useEffect(() => {
    if (!isLoaded) return;
    const timer = window.setTimeout(() => setExpiredId(linkedId), LINKED_MESSAGE_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [isLoaded, linkedId]);

  return isLoaded && expiredId !== linkedId ? linkedId : undefined;
}

/**
 * The chat scrolls to the latest message on change. When older messages are added at
 * the top instead, the view stays on what the user was reading.
 */
function useStickToLatest(scrollerRef: RefObject<HTMLDivElement | null>, messages: readonly Message[]) {
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;
  const previous = useRef<{ newestId?: number; oldestId?: number; scrollHeight: number }>({ scrollHeight: 0 });
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const before = previous.current;
    if (newestId !== before.newestId) scroller.scrollTop = scroller.scrollHeight;
    else if (oldestId !== before.oldestId) scroller.scrollTop += scroller.scrollHeight - before.scrollHeight;
    previous.current = { newestId, oldestId, scrollHeight: scroller.scrollHeight };
  });
}

function CenteredNotice({ icon: Icon, title, text }: { icon: typeof MessageSquare; title: string; text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-10 text-center">
      <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden className="size-6" />
      </div>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-1 max-w-xs text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

function ThreadSkeleton({ withHeader = false }: { withHeader?: boolean }) {
  return (
    <div role="status" aria-label="Loading messages" className="flex min-h-0 flex-1 flex-col">
      {withHeader && (
        <div className="flex items-center gap-3 border-b px-4 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      )}
      <div className="grid flex-1 content-end gap-3 p-4">
        <Skeleton className="h-9 w-2/5 rounded-2xl" />
        <Skeleton className="ml-auto h-9 w-1/2 rounded-2xl" />
        <Skeleton className="h-14 w-3/5 rounded-2xl" />
        <Skeleton className="ml-auto h-9 w-1/3 rounded-2xl" />
      </div>
    </div>
  );
}
