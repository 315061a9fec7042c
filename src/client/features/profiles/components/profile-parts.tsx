// Building blocks shared by the profile tabs and the public profile pages: a section card that
// switches between view and edit mode, a definition list for values, chips for lists, and the
// form's Save/Cancel row.
import { useEffect, useRef, type ReactNode } from 'react';
import { LoaderCircle, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * One profile tab's card. In view mode it offers "Edit Profile"; when edit mode ends (saved or
 * cancelled) focus returns to that button so keyboard users are not dropped at the top.
 */
export function EditableSection({
  title,
  description,
  isEditing,
  onEdit,
  canEdit = true,
  children,
}: {
  title: string;
  description: string;
  isEditing: boolean;
  onEdit: () => void;
  canEdit?: boolean;
  children: ReactNode;
}) {
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{isEditing ? 'Update the details below, then save your changes.' : description}</CardDescription>
        </div>
        {!isEditing && canEdit && (
          <Button ref={editButtonRef} variant="outline" onClick={onEdit} className="self-start">
            <Pencil aria-hidden />
            Edit Profile
          </Button>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export interface Detail {
  label: string;
  value: ReactNode;
  /** Spans both columns (long text). */
  isWide?: boolean;
}

/** Label/value pairs; empty values say "Not provided" instead of leaving a hole. */
export function DetailList({ details, className }: { details: readonly Detail[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-8 gap-y-5 sm:grid-cols-2', className)}>
      {details.map(({ label, value, isWide }) => (
        <div key={label} className={cn('grid min-w-0 content-start gap-1', isWide && 'sm:col-span-2')}>
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className={cn('min-w-0 text-sm break-words', isWide && 'leading-relaxed whitespace-pre-line')}>
            {isBlank(value) ? <span className="text-muted-foreground italic">Not provided</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function isBlank(value: ReactNode): boolean {
  return value === null || value === undefined || value === '' || value === false;
}

export function ChipList({ values, emptyText = 'None selected', variant = 'accent' }: { values: readonly string[]; emptyText?: string; variant?: 'accent' | 'outline' }) {
  if (values.length === 0) return <span className="text-muted-foreground italic">{emptyText}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {values.map((value) => (
        <li key={value}>
          <Badge variant={variant}>{value}</Badge>
        </li>
      ))}
    </ul>
  );
}

export function FormActions({ isPending, onCancel }: { isPending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? (
          <>
            <LoaderCircle aria-hidden className="animate-spin" />
            Saving...
          </>
        ) : (
          'Save'
        )}
      </Button>
    </div>
  );
}
