// Settings › Export and Settings › Delete account (issue #17). The export is a plain download link:
// the server streams the ZIP as it builds it, so the browser's own download shows its progress and
// writes it straight to disk (nothing held in the page's memory); the section only says that it is
// being prepared. Deleting asks for the username, typed, and the password, says what goes and what
// stays, and on success signs this browser out onto /auth, which says the account is gone.
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Download, FileArchive, TriangleAlert } from 'lucide-react';
import { DeleteAccountBody, exportAccount } from '@shared/contracts/account';
import { Button, PendingLabel, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSignedInUser } from '@/features/auth/api';
import { apiUrl } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { deletionConfirmationError } from '../account-view';
import { useDeleteAccount } from '../api';

/**
 * How long "Preparing your download" shows after a click. The page cannot see a download's
 * progress (the browser's download list does); this only covers the moment before it appears
 * there, and keeps a second click from starting a second ZIP.
 */
const PREPARING_NOTICE_MS = 8000;

export function ExportSection() {
  const [isPreparing, setIsPreparing] = useState(false);
  useEffect(() => {
    if (!isPreparing) return;
    const timer = setTimeout(() => setIsPreparing(false), PREPARING_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [isPreparing]);
  return (
    <Card aria-labelledby="export-title">
      <CardHeader>
        <CardTitle id="export-title" className="flex items-center gap-2">
          <FileArchive aria-hidden className="size-5 text-muted-foreground" />
          Export your data
        </CardTitle>
        <CardDescription>
          One ZIP file with your profile, matches, messages, milestones, portfolio and activity as JSON, your own documents, and a README that explains each
          file.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPreparing ? (
          <Button variant="outline" className="justify-self-start" disabled>
            <PendingLabel isPending pendingText="Preparing...">
              Download your data
            </PendingLabel>
          </Button>
        ) : (
          <a
            href={apiUrl(exportAccount)}
            download
            className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
            onClick={() => setIsPreparing(true)}
          >
            <Download aria-hidden />
            Download your data
          </a>
        )}
        <p role="status" className="text-sm text-muted-foreground">
          {isPreparing ? 'Preparing your download. Your browser saves the ZIP file as it arrives; a large data room takes a little longer.' : ''}
        </p>
      </CardContent>
    </Card>
  );
}

export function DeleteAccountSection() {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Card aria-labelledby="delete-account-title" className="border-destructive/40">
      <CardHeader>
        <CardTitle id="delete-account-title" className="flex items-center gap-2">
          <TriangleAlert aria-hidden className="size-5 text-destructive" />
          Delete account
        </CardTitle>
        <CardDescription>Deleting your account cannot be undone. Download your data first if you want to keep a copy.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="font-semibold">What is removed</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
              <li>Your profile, which others can no longer open</li>
              <li>Your matches, connections and milestone plans</li>
              <li>Your documents and everyone's access to them</li>
              <li>Your sessions and notifications</li>
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">What stays</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
              <li>Messages you sent stay in the other person's conversation, shown as from "Deleted user"</li>
              <li>Your username and email address become free for a new account</li>
            </ul>
          </div>
        </div>
        <Button
          variant="destructive"
          className="justify-self-start"
          onClick={() => {
            remove.reset(); // A refusal from an earlier try is not news any more.
            setIsOpen(true);
          }}
        >
          Delete account
        </Button>
        <DeleteAccountDialog open={isOpen} onOpenChange={setIsOpen} mutation={remove} />
      </CardContent>
    </Card>
  );
}

type DeleteAccountMutation = ReturnType<typeof useDeleteAccount>;

function DeleteAccountDialog({ open, onOpenChange, mutation }: { open: boolean; onOpenChange: (open: boolean) => void; mutation: DeleteAccountMutation }) {
  const { username } = useSignedInUser();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!mutation.isPending) onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby="delete-account-description">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription id="delete-account-description">
            Your profile, matches, documents and sessions are removed at once, and this cannot be undone. To confirm, type your username and your password.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so every opening starts empty. */}
        {open && <DeleteAccountForm username={username} onCancel={() => onOpenChange(false)} mutation={mutation} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountForm({ username, onCancel, mutation }: { username: string; onCancel: () => void; mutation: DeleteAccountMutation }) {
  // The typed username is checked here only; the password is the contract's rule (the server checks it).
  const schema = useMemo(
    () =>
      z.object({
        confirmUsername: z.string().superRefine((typed, context) => {
          const message = deletionConfirmationError(typed, username);
          if (message) context.addIssue({ code: 'custom', message });
        }),
        password: DeleteAccountBody.shape.password,
      }),
    [username],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { confirmUsername: '', password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) =>
    mutation.mutate({ password }, { onError: (error) => applyServerFieldErrors(error, form.setError, ['password']) }),
  );
  const formError = mutation.isError && !errors.password ? mutation.error.message : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Delete your account" className="grid gap-4">
      <fieldset disabled={mutation.isPending} className="grid gap-4">
        <FormField id="delete-confirm-username" label="Username" hint={`Type ${username} to confirm.`} error={errors.confirmUsername?.message}>
          {(control) => <Input {...control} autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('confirmUsername')} />}
        </FormField>
        <FormField id="delete-password" label="Password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <FormActions isPending={mutation.isPending} onCancel={onCancel} submitLabel="Delete my account" pendingLabel="Deleting..." submitVariant="destructive" />
    </form>
  );
}
