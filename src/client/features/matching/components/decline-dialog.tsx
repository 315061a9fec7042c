// Decline with an optional reason (issue #4: not my stage, not my sector, check size, location,
// timing, other). The reason teaches the matching what to suggest less; the other party sees it
// only if "Share this reason with them" is ticked (off by default; issue #14). Native radios in a
// fieldset: arrow keys move between them, screen readers announce the group, and "Rather not say"
// keeps the choice truly optional. With no reason there is nothing to share, so the checkbox waits
// for one.
import { useId, useState, type FormEvent } from 'react';
import { DECLINE_REASONS, type DeclineReason } from '@shared/enums';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-field';
import { RadioChoices } from '@/components/ui/radio-choices';

const NO_REASON = '';

export function DeclineDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
  isPending,
  onCloseAutoFocus,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `shareReason` is true only when a reason was chosen and the checkbox ticked. */
  onConfirm: (reason: DeclineReason | undefined, shareReason: boolean) => void;
  isPending: boolean;
  /** Lets the list decide where focus goes once the card it came from may have moved. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [reason, setReason] = useState<DeclineReason | typeof NO_REASON>(NO_REASON);
  const [shareReason, setShareReason] = useState(false);
  const shareId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason === NO_REASON) onConfirm(undefined, false);
    else onConfirm(reason, shareReason);
  };
  const close = () => {
    setReason(NO_REASON);
    setShareReason(false);
    onOpenChange(false);
  };
  const options: Array<{ value: DeclineReason | typeof NO_REASON; label: string }> = [...DECLINE_REASONS, { value: NO_REASON, label: 'Rather not say' }];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Not while the request is in flight: the answer decides what the card shows next.
        if (!next && !isPending) close();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} className="grid gap-5" aria-label={`Decline ${name}`}>
          <DialogHeader>
            <DialogTitle>Decline {name}?</DialogTitle>
            <DialogDescription>
              The match moves to Rejected, and you can reconsider it later. A reason is optional; it helps us suggest better matches, and {name} sees it only if
              you share it.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" disabled={isPending}>
            <legend className="mb-2 text-sm font-medium">Reason (optional)</legend>
            <RadioChoices
              name="decline-reason"
              options={options}
              value={reason}
              onChange={(next) => {
                setReason(next);
                if (next === NO_REASON) setShareReason(false);
              }}
            />
            <label
              htmlFor={shareId}
              className="mt-2 flex cursor-pointer items-center gap-2.5 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:text-muted-foreground"
            >
              <input
                id={shareId}
                type="checkbox"
                checked={shareReason}
                disabled={reason === NO_REASON}
                onChange={(event) => setShareReason(event.target.checked)}
                className="size-4 shrink-0 accent-primary"
              />
              Share this reason with them
            </label>
          </fieldset>
          <FormActions isPending={isPending} onCancel={close} submitLabel="Decline" pendingLabel="Declining..." submitVariant="destructive" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
