import { ArrowRight, ClipboardList } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown on a secondary tab before the profile exists: the endpoint needs the main record first. */
export function SaveInformationFirst({ what, onOpenInformation }: { what: string; onOpenInformation: () => void }) {
  return (
    <EmptyState
      icon={ClipboardList}
      title="Save Profile Information first"
      description={`Your ${what} are stored with your profile. Fill in and save the Profile Information tab, then come back here.`}
      action={
        <Button variant="outline" onClick={onOpenInformation}>
          Go to Profile Information
          <ArrowRight aria-hidden />
        </Button>
      }
      className="border-none py-8"
      headingLevel={3}
    />
  );
}
