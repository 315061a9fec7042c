// The conversation list and the chat side by side (stacked on phones): the one conversation screen
// behind both /messages and /startup/communications, with the same search, tabs and behaviour on
// each. The open conversation lives in the URL (?partner=<userId>), so the Message button of an
// accepted match can link straight to it; without one, the first conversation is selected.
// ?message=<id> (a search result) also scrolls that conversation to one message and highlights it.
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import type { ConversationSummary } from '@shared/contracts/messages';
import { Card } from '@/components/ui/card';
import { useSignedInUser } from '@/features/auth/api';
import { conversationsQuery, useFallbackPolling } from '../api';
import { ChatPanel } from './chat-panel';
import { ConversationList } from './conversation-list';

export interface MessagingWorkspaceProps {
  /** The empty list's title: each route's own words (the spec names one for each). */
  emptyTitle: string;
}

/** A positive whole number from the address (`?partner=`, `?message=`), else undefined. */
function parseIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function MessagingWorkspace({ emptyTitle }: MessagingWorkspaceProps) {
  const user = useSignedInUser();
  const query = useQuery({
    ...conversationsQuery,
    // The list is cheap and changes elsewhere (a match accepted on another screen): always
    // fresh when the screen opens, then kept so by live events.
    refetchOnMount: 'always',
    refetchInterval: useFallbackPolling(),
  });
  const [params, setParams] = useSearchParams();
  const requestedId = parseIdParam(params.get('partner'));
  const linkedMessageId = parseIdParam(params.get('message'));
  const chatRef = useRef<HTMLDivElement>(null);

  const conversations: ConversationSummary[] | undefined = query.data;
  const requested = conversations?.find((conversation) => conversation.userId === requestedId);
  // A linked partner who is not in the cached list yet (a match accepted a moment ago) is
  // waited for while the list refreshes, instead of flashing the first conversation.
  const isWaitingForRequested = requestedId !== undefined && !requested && query.isFetching;
  const selected = requested ?? (isWaitingForRequested ? undefined : conversations?.[0]);

  const select = (partnerId: number) => {
    // Not a new page: Back leaves the screen instead of walking through conversations.
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('partner', String(partnerId));
        // A linked message belongs to the conversation it was linked in.
        next.delete('message');
        return next;
      },
      { replace: true },
    );
    // Stacked on phones: bring the chat into view.
    if (window.matchMedia('(max-width: 767px)').matches) chatRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-0 md:overflow-hidden md:rounded-xl md:border md:bg-card md:shadow-sm">
      <Card className="flex max-h-[45vh] min-h-64 flex-col overflow-hidden md:h-[60vh] md:max-h-none md:min-h-80 md:rounded-none md:border-0 md:border-r md:shadow-none">
        <ConversationList
          conversations={conversations}
          isPending={query.isPending}
          error={query.isError ? query.error : null}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
          selectedId={selected?.userId}
          onSelect={select}
          emptyTitle={emptyTitle}
          userType={user.userType}
          className="flex-1"
        />
      </Card>
      {/* The message pane is 60% of the viewport high. */}
      <Card ref={chatRef} className="flex h-[60vh] min-h-80 scroll-mt-20 flex-col overflow-hidden md:rounded-none md:border-0 md:shadow-none">
        <ChatPanel
          partner={selected}
          me={user}
          isLoading={query.isPending || isWaitingForRequested}
          linkedMessageId={selected && selected.userId === requestedId ? linkedMessageId : undefined}
          className="flex-1"
        />
      </Card>
    </div>
  );
}
