// Wires a label, a control and its error message together for assistive technology:
// the control gets aria-invalid and aria-describedby pointing at the message, and the
// message is announced (role="alert") as soon as it appears. Also the forms' Cancel/Submit row.
import type { ReactNode } from 'react';
import { Button, PendingLabel, type ButtonProps } from './button';
import { Label } from './label';
import { cn } from '@/lib/utils';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's closing row: Cancel, then the submit button, which shows its pending text while saving. */
export function FormActions({
  isPending,
  onCancel,
  submitLabel = 'Save',
  pendingLabel = 'Saving...',
  submitVariant,
  className,
}: {
  isPending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: string;
  submitVariant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} disabled={isPending}>
        <PendingLabel isPending={isPending} pendingText={pendingLabel}>
          {submitLabel}
        </PendingLabel>
      </Button>
    </div>
  );
}
