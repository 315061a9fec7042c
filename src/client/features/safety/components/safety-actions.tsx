// The "more" menu next to someone, on a match card, a conversation header and a public profile:
// Disconnect (while connected), Block and Report (issue #14). Each asks first; the dialogs live
// outside the menu so they stay open after it closes, and focus goes back to the menu button.
import { useRef, useState } from 'react';
import { Ban, EllipsisVertical, Flag, Unplug } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useDisconnectMatch } from '@/features/matching/api';
import { cn } from '@/lib/utils';
import { useBlockUser, type SafetySubject } from '../api';
import { ReportDialog } from './report-dialog';

type OpenDialog = 'disconnect' | 'block' | 'report' | null;

export function SafetyActions({
  subject,
  connectedMatchId,
  className,
}: {
  subject: SafetySubject;
  /** The match to end with Disconnect, only while the pair is connected. */
  connectedMatchId?: number | null;
  className?: string;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const disconnect = useDisconnectMatch();
  const block = useBlockUser();
  const isPending = disconnect.isPending || block.isPending;
  const closeUnlessPending = (open: boolean) => {
    if (!open && !isPending) setDialog(null);
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" className={cn('shrink-0', className)} aria-label={`More actions for ${subject.name}`}>
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-52">
          {connectedMatchId != null && (
            <DropdownMenuItem onSelect={() => setDialog('disconnect')}>
              <Unplug aria-hidden />
              Disconnect
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setDialog('block')}>
            <Ban aria-hidden />
            Block
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('report')}>
            <Flag aria-hidden />
            Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {connectedMatchId != null && (
        <ConfirmDialog
          open={dialog === 'disconnect'}
          onOpenChange={closeUnlessPending}
          title={`Disconnect from ${subject.name}?`}
          description="Your conversation stays for both of you to read, but neither of you can send new messages. Shared documents are unshared at once and your milestone plan is frozen. To talk again, you both need to accept."
          confirmLabel={disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          isPending={disconnect.isPending}
          onConfirm={(event) => {
            // Open until the answer arrives, so a failure shows where it was asked.
            event.preventDefault();
            disconnect.mutate({ matchId: connectedMatchId, name: subject.name }, { onSuccess: () => setDialog(null) });
          }}
          onCloseAutoFocus={returnFocus}
        >
          <DialogError error={disconnect.error} />
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={dialog === 'block'}
        onOpenChange={closeUnlessPending}
        title={`Block ${subject.name}?`}
        description="They will no longer see your profile, be matched with you or be able to message you, and any connection ends. They are not told. You can unblock them in Settings."
        confirmLabel={block.isPending ? 'Blocking...' : 'Block'}
        isPending={block.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          block.mutate(subject, { onSuccess: () => setDialog(null) });
        }}
        onCloseAutoFocus={returnFocus}
      >
        <DialogError error={block.error} />
      </ConfirmDialog>
      <ReportDialog subject={subject} open={dialog === 'report'} onOpenChange={(open) => setDialog(open ? 'report' : null)} onCloseAutoFocus={returnFocus} />
    </>
  );
}

/** The server's sentence, in the dialog that asked, when the action failed. */
function DialogError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {error.message}
    </p>
  );
}
