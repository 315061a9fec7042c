// /startup/communications (issue #6): the startup sidebar's name for the conversation screen. It
// renders the same workspace as /messages (search, tabs, chat); only the heading and the empty
// list's title are its own. ?partner=<userId> opens one conversation directly.
import { PageHeader } from '@/components/ui/page-header';
import { MessagingWorkspace } from '@/features/messaging/components/messaging-workspace';

export function CommunicationsScreen() {
  return (
    <>
      <PageHeader title="Communications" description="Conversations with the investors you have accepted." />
      <MessagingWorkspace emptyTitle="No conversations yet" />
    </>
  );
}
