// Building blocks shared by the profile tabs and the public profile pages: a section card that
// switches between view and edit mode (and the two ways a tab can be empty), the fields and
// details every organisation has, a definition list for values, and chips for lists.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { ArrowRight, ClipboardList, Pencil, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { EmptyState } from '@/components/ui/empty-state';
import { ExternalLink } from '@/components/ui/external-link';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatCalendarDate } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface EditMode {
  isEditing: boolean;
  startEditing: () => void;
  stopEditing: () => void;
}

/**
 * One profile tab's card, which keeps the tab's view/edit mode. In view mode it offers "Edit
 * Profile"; when edit mode ends (saved or cancelled) focus returns to that button so keyboard
 * users are not dropped at the top. The description is the tab's guidance, so it stays in edit
 * mode too, where it is needed most.
 */
export function EditableSection({
  title,
  description,
  canEdit = true,
  children,
}: {
  title: string;
  description: string;
  canEdit?: boolean;
  children: (mode: EditMode) => ReactNode;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Set while editing, cleared once focus is back on the button. After the first save the button
  // may only appear a render later, when the saved profile reaches the tab (canEdit turns true):
  // the save's answer and the end of edit mode are separate updates, and which renders first
  // depends on the renderer's scheduling.
  const isReturningFocus = useRef(false);
  useEffect(() => {
    if (isEditing) isReturningFocus.current = true;
    else if (isReturningFocus.current && editButtonRef.current) {
      editButtonRef.current.focus();
      isReturningFocus.current = false;
    }
  }, [isEditing, canEdit]);
  const startEditing = () => setIsEditing(true);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {!isEditing && canEdit && (
          <Button ref={editButtonRef} variant="outline" onClick={startEditing} className="self-start">
            <Pencil aria-hidden />
            Edit Profile
          </Button>
        )}
      </CardHeader>
      <CardContent>{children({ isEditing, startEditing, stopEditing: () => setIsEditing(false) })}</CardContent>
    </Card>
  );
}

/**
 * A tab that edits one part of a saved profile (criteria, thesis, team, preferences). Before the
 * profile exists it sends the user to Profile Information: the endpoint needs the main record first.
 */
export function ProfilePartSection<P>({
  title,
  description,
  what,
  profile,
  onOpenInformation,
  view,
  form,
}: {
  title: string;
  description: string;
  /** What the tab holds, plural, for the "save Profile Information first" text. */
  what: string;
  profile: P | null;
  onOpenInformation: () => void;
  view: (profile: P, startEditing: () => void) => ReactNode;
  form: (profile: P, onDone: () => void) => ReactNode;
}) {
  return (
    <EditableSection title={title} description={description} canEdit={profile !== null}>
      {({ isEditing, startEditing, stopEditing }) =>
        !profile ? (
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
        ) : isEditing ? (
          form(profile, stopEditing)
        ) : (
          view(profile, startEditing)
        )
      }
    </EditableSection>
  );
}

/** The Profile Information tab before the first save: what a profile is for, and the way to start one. */
export function CompleteProfilePrompt({ icon, description, onStart }: { icon: LucideIcon; description: string; onStart: () => void }) {
  return (
    <EmptyState
      icon={icon}
      title="Complete your profile"
      description={description}
      action={
        <Button onClick={onStart}>
          <Pencil aria-hidden />
          Complete your profile
        </Button>
      }
      className="border-none py-8"
      headingLevel={3}
    />
  );
}

type OrganizationField = 'website' | 'location' | 'foundingDate';

/** The fields every organisation has after its name: website, location and founding date. */
export function OrganizationFields({
  idPrefix,
  register,
  errors,
}: {
  /** "startup" gives the ids startup-website, startup-location and startup-founding-date. */
  idPrefix: string;
  register: (field: OrganizationField) => UseFormRegisterReturn;
  errors: Partial<Record<OrganizationField, { message?: string }>>;
}) {
  return (
    <>
      <FormField id={`${idPrefix}-website`} label="Website" hint="Optional. For example https://example.com" error={errors.website?.message}>
        {(control) => <Input {...control} type="url" inputMode="url" autoComplete="url" placeholder="https://" {...register('website')} />}
      </FormField>
      <FormField id={`${idPrefix}-location`} label="Location" error={errors.location?.message}>
        {(control) => <Input {...control} placeholder="City, Country" {...register('location')} />}
      </FormField>
      <FormField id={`${idPrefix}-founding-date`} label="Founding Date" hint="Optional" error={errors.foundingDate?.message}>
        {(control) => <Input {...control} type="date" {...register('foundingDate')} />}
      </FormField>
    </>
  );
}

/** A list field of a profile form as a ChoiceGroup of the given options, with the field's error. */
export function ChoiceField<Values extends FieldValues, Output>({
  control,
  name,
  ...group
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, string[]>;
  id: string;
  legend: string;
  hint?: string;
  options: readonly string[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <ChoiceGroup {...group} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
    />
  );
}

/** The same three as values, for a view mode's DetailList. */
export function organizationDetails(profile: { website: string | null; location: string | null; foundingDate: string | null }): Detail[] {
  return [
    { label: 'Website', value: profile.website && <ExternalLink href={profile.website} /> },
    { label: 'Location', value: profile.location },
    { label: 'Founding Date', value: formatCalendarDate(profile.foundingDate) },
  ];
}

/** "12 companies", "1 company"; null when the investor has not said. */
export function portfolioSizeText(size: number | null): string | null {
  return size === null ? null : `${size.toLocaleString()} ${size === 1 ? 'company' : 'companies'}`;
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

export function ChipList({
  values,
  emptyText = 'None selected',
  variant = 'accent',
}: {
  values: readonly string[];
  emptyText?: string;
  variant?: 'accent' | 'outline';
}) {
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
