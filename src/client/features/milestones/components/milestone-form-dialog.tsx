// The create and edit dialog: title (at least 3 characters), optional
// description, an optional date from the calendar picker (Sunday first, MM/dd/yyyy), and,
// when creating, any of the three statuses (default pending). Status changes after that
// go through Start and Complete only, so the edit form leaves it out.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CreateMilestoneBody, type Milestone } from '@shared/contracts/milestones';
import { MILESTONE_STATUSES, type UserType } from '@shared/enums';
import { DatePicker } from '@/components/ui/date-picker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateMilestone, useEditMilestone } from '../api';
import { STATUS_LABELS } from './milestone-status';

// The same field rules the server applies, taken from the shared contract.
const MilestoneForm = CreateMilestoneBody.pick({ title: true, description: true, date: true, status: true });
type MilestoneFormInput = z.input<typeof MilestoneForm>;
type MilestoneFormOutput = z.output<typeof MilestoneForm>;
const FIELDS = ['title', 'description', 'date', 'status'] as const;

/** What the dialog is doing: adding to a pair's plan, or editing one milestone. */
export type MilestoneDialogMode = { kind: 'create' } | { kind: 'edit'; milestone: Milestone };

export function MilestoneFormDialog({
  mode,
  isOpen,
  onClose,
  userType,
  partner,
  returnFocusId,
}: {
  mode: MilestoneDialogMode;
  isOpen: boolean;
  onClose: () => void;
  userType: UserType;
  partner: { id: number; name: string };
  /** Where focus goes when the dialog closes; Radix's default is the control that opened it. */
  returnFocusId?: string;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-describedby="milestone-dialog-description"
        onCloseAutoFocus={(event) => {
          // An edit starts from a menu item that no longer exists: go back to the row's menu button.
          const target = returnFocusId ? document.getElementById(returnFocusId) : null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{mode.kind === 'create' ? 'Add milestone' : 'Edit milestone'}</DialogTitle>
          <DialogDescription id="milestone-dialog-description">Shared with {partner.name}: both of you see and update this plan.</DialogDescription>
        </DialogHeader>
        {/* Keyed so each opening starts from the milestone's saved values, not the last draft. */}
        <MilestoneFormBody key={mode.kind === 'edit' ? mode.milestone.id : 'create'} mode={mode} onDone={onClose} userType={userType} partnerId={partner.id} />
      </DialogContent>
    </Dialog>
  );
}

function MilestoneFormBody({ mode, onDone, userType, partnerId }: { mode: MilestoneDialogMode; onDone: () => void; userType: UserType; partnerId: number }) {
  const editing = mode.kind === 'edit' ? mode.milestone : null;
  const form = useForm<MilestoneFormInput, unknown, MilestoneFormOutput>({
    resolver: zodResolver(MilestoneForm),
    defaultValues: {
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      date: editing?.date ?? '',
      status: editing?.status ?? 'pending',
    },
  });
  const create = useCreateMilestone(userType, partnerId);
  const edit = useEditMilestone();
  const isPending = create.isPending || edit.isPending;
  const { errors } = form.formState;

  useEffect(() => form.setFocus('title'), [form]);

  const onServerError = (error: unknown) => applyServerFieldErrors(error, form.setError, FIELDS);
  const onSubmit = form.handleSubmit((values) => {
    if (editing) {
      edit.mutate(
        { id: editing.id, fields: { title: values.title, description: values.description, date: values.date } },
        { onSuccess: onDone, onError: onServerError },
      );
    } else {
      create.mutate(values, { onSuccess: onDone, onError: onServerError });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={editing ? 'Edit milestone' : 'Add milestone'}>
      <fieldset disabled={isPending} className="grid gap-5">
        <FormField id="milestone-title" label="Title" error={errors.title?.message}>
          {(control) => <Input {...control} placeholder="e.g. Intro call" autoComplete="off" {...form.register('title')} />}
        </FormField>
        <FormField id="milestone-description" label="Description" hint="Optional" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={3} className="min-h-20" {...form.register('description')} />}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="milestone-date" label="Date" hint="Optional" error={errors.date?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="date"
                render={({ field }) => <DatePicker {...control} label="Date" value={field.value ?? ''} onChange={field.onChange} disabled={isPending} />}
              />
            )}
          </FormField>
          {!editing && (
            <FormField id="milestone-status" label="Status" error={errors.status?.message}>
              {(control) => (
                <Select {...control} {...form.register('status')}>
                  {MILESTONE_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
        </div>
        <FormActions isPending={isPending} onCancel={onDone} submitLabel={editing ? 'Save changes' : 'Add milestone'} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
