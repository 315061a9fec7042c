import { FolderLock } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function DataRoomScreen() {
  return (
    <>
      <PageHeader title="Data Room" description="Share documents with investors, with control over who sees each one." />
      <EmptyState
        icon={FolderLock}
        title="No documents"
        description="Pitch decks, financial projections and the other documents you upload will be listed here."
      />
    </>
  );
}
