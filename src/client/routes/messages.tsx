import { MessageSquare } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function MessagesScreen() {
  return (
    <>
      <PageHeader title="Messages" description="Direct conversations with your matches." />
      <EmptyState
        icon={MessageSquare}
        title="No conversations yet"
        description="Your conversations with accepted matches will appear here."
      />
    </>
  );
}
