// /startup/communications (issue #6): the startup's accepted
// investors and the message pane. ?partner=<userId> opens one conversation directly.
import { PageHeader } from '@/components/ui/page-header';
import { MessagingWorkspace } from '@/features/messaging/components/messaging-workspace';

export function CommunicationsScreen() {
  return (
    <>
      <PageHeader title="Communications" description="Conversations with the investors you have accepted." />
      <MessagingWorkspace variant="communications" />
    </>
  );
}
