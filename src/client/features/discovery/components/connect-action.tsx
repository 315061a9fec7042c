// What a viewer can do about someone of the other role, wherever they meet them (a directory card,
// a public profile): Connect; Accept when they asked; "Waiting for {name}" once the viewer asked and
// the other side has not answered (issue #19); "Request queued" while fair intake holds it;
// "Declined"; Message once connected. The server decides what Connect becomes
// (POST /api/discover/:userId/connect: a request, or the accept that connects).
import { Link } from 'wouter';
import { CircleX, Clock, MessageSquare, Send, ThumbsUp, UserRoundPlus } from 'lucide-react';
import type { UserType } from '@shared/enums';
import { Button, PendingLabel } from '@/components/ui/button';
import { useConnect } from '../api';
import { connectStateOf, type ConnectMatch } from '../directory-filters';

export function ConnectAction({ userId, name, match, viewer }: { userId: number; name: string; match: ConnectMatch | null; viewer: UserType }) {
  const state = connectStateOf(match, viewer, userId);
  const connect = useConnect();
  const isConnecting = connect.isPending;
  const onConnect = () => connect.mutate({ userId, name });
  switch (state.kind) {
    case 'connect':
      return (
        <Button onClick={onConnect} disabled={isConnecting}>
          <UserRoundPlus aria-hidden />
          <PendingLabel isPending={isConnecting} pendingText="Connecting…">
            Connect<span className="sr-only"> with {name}</span>
          </PendingLabel>
        </Button>
      );
    case 'accept':
      return (
        <Button onClick={onConnect} disabled={isConnecting}>
          <ThumbsUp aria-hidden />
          <PendingLabel isPending={isConnecting} pendingText="Accepting…">
            Accept<span className="sr-only"> {name}’s request</span>
          </PendingLabel>
        </Button>
      );
    case 'sent':
      return <Status icon={Send} text={`Waiting for ${name}`} />;
    case 'queued':
      return <Status icon={Clock} text="Request queued" />;
    case 'declined':
      return <Status icon={CircleX} text="Declined" />;
    case 'connected':
      return (
        <Button asChild variant="outline">
          <Link href={state.messageHref}>
            <MessageSquare aria-hidden />
            Message<span className="sr-only"> {name}</span>
          </Link>
        </Button>
      );
  }
}

function Status({ icon: Icon, text }: { icon: typeof Send; text: string }) {
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <Icon aria-hidden className="size-4 shrink-0" />
      {text}
    </p>
  );
}
