// Report someone (issue #14): a reason from the fixed list, optional details, and a reminder that
// reporting also blocks them and that they never learn who reported. The server's sentence shows
// in the dialog when it refuses, so nothing typed is lost.
import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_DETAILS_LENGTH } from '@shared/contracts/reports';
import { REPORT_CATEGORIES, type ReportCategory, type ReportSubjectType } from '@shared/enums';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions, FormField } from '@/components/ui/form-field';
import { RadioChoices } from '@/components/ui/radio-choices';
import { Textarea } from '@/components/ui/textarea';
import { useReport, type SafetySubject } from '../api';

export function ReportDialog({
  subject,
  about = { type: 'user', id: subject.userId },
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  subject: SafetySubject;
  /** What is reported: the user by default, or one of their messages or documents. */
  about?: { type: ReportSubjectType; id: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const report = useReport();
  const [category, setCategory] = useState<ReportCategory | undefined>(undefined);
  const [details, setDetails] = useState('');
  const [missingCategory, setMissingCategory] = useState(false);
  const detailsId = useId();
  const errorId = useId();
  const close = () => {
    setCategory(undefined);
    setDetails('');
    setMissingCategory(false);
    report.reset();
    onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category) {
      setMissingCategory(true);
      return;
    }
    const trimmed = details.trim();
    report.mutate(
      { subject, body: { subjectType: about.type, subjectId: about.id, category, ...(trimmed ? { details: trimmed } : {}) } },
      { onSuccess: close },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !report.isPending) close();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label={`Report ${subject.name}`}>
          <DialogHeader>
            <DialogTitle>Report {subject.name}</DialogTitle>
            <DialogDescription>
              Our team reviews every report, and {subject.name} will not know who reported them. Reporting also blocks them.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" disabled={report.isPending} aria-describedby={missingCategory ? errorId : undefined}>
            <legend className="mb-2 text-sm font-medium">What is wrong?</legend>
            <RadioChoices
              name="report-category"
              options={REPORT_CATEGORIES}
              value={category}
              onChange={(next) => {
                setCategory(next);
                setMissingCategory(false);
              }}
            />
            {missingCategory && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                Choose what is wrong.
              </p>
            )}
          </fieldset>
          <FormField
            id={detailsId}
            label="Details (optional)"
            hint={`${details.length.toLocaleString()} / ${MAX_REPORT_DETAILS_LENGTH.toLocaleString()} characters`}
          >
            {(control) => (
              <Textarea
                {...control}
                value={details}
                maxLength={MAX_REPORT_DETAILS_LENGTH}
                disabled={report.isPending}
                onChange={(event) => setDetails(event.target.value)}
                placeholder="What happened, and when?"
              />
            )}
          </FormField>
          {report.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {report.error.message}
            </p>
          )}
          <FormActions isPending={report.isPending} onCancel={close} submitLabel="Report and block" pendingLabel="Reporting..." submitVariant="destructive" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
