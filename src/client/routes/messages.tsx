// /messages (issue #6): every conversation of the signed-in user, with
// search, the All / Startups / Investors tabs and the chat. ?partner=<userId> opens one directly.
import { PageHeader } from '@/components/ui/page-header';
import { MessagingWorkspace } from '@/features/messaging/components/messaging-workspace';

export function MessagesScreen() {
  return (
    <>
      <PageHeader title="Messages" description="Talk directly with the startups and investors you are connected with." />
      <MessagingWorkspace emptyTitle="No conversations found" />
    </>
  );
}
