// A centred Radix Dialog: focus is trapped while open, Escape and the overlay close it, and focus
// returns to the control that opened it. On phones it takes the full width minus a margin and
// scrolls inside, so long forms stay reachable at 375px.
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Whether a press "outside" the dialog landed in a popover, menu or other floating layer. Such a
 * layer was opened from inside the dialog (while it is open, the page behind takes no pointer
 * events), but Radix portals it to <body>. Radix tells it apart by following the event through
 * the component tree, as React's events do through portals; Preact's are the DOM's, so without
 * this check a click in a date field's calendar would close the dialog around it.
 */
function isInLayerOpenedAbove(event: { target: EventTarget | null }): boolean {
  return event.target instanceof Element && event.target.closest('[data-radix-popper-content-wrapper]') !== null;
}

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  onPointerDownOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl outline-none data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
          className,
        )}
        onPointerDownOutside={(event) => {
          if (isInLayerOpenedAbove(event)) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-md p-1.5 text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={closeLabel}
        >
          <X aria-hidden className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/**
 * A dialog opened from several places (a header button, an empty state, each row's Edit), so
 * there is no single Radix trigger to return focus to: it remembers what had focus when it opened
 * and returns there. Its children mount only while it is open, so each opening starts afresh.
 */
export function FormDialog({ isOpen, onClose, className, children }: { isOpen: boolean; onClose: () => void; className?: string; children: ReactNode }) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent
          className={className}
          onOpenAutoFocus={() => {
            openedFrom.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (openedFrom.current?.isConnected) openedFrom.current.focus();
          }}
        >
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}
