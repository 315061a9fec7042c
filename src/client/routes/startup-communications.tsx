import { Link } from 'wouter';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function CommunicationsScreen() {
  return (
    <>
      <PageHeader title="Communications" description="Conversations with the investors you have accepted." />
      <EmptyState
        icon={MessagesSquare}
        title="No conversations yet"
        description="When you accept an investor match, your conversation with that investor will appear here."
        action={
          <Button asChild variant="outline">
            <Link href="/startup/investor-matches">
              View investor matches
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
    </>
  );
}
