// The per-startup auto-share setting: document types shared automatically with an investor the
// moment a match with them connects (both sides accepted; docs/connections.md). Off (nothing chosen) by default.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { DOCUMENT_CATEGORIES } from '@shared/enums';
import type { DocumentCategory } from '@shared/contracts/documents';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { dataRoomSettingsQuery, useUpdateDataRoomSettings } from '../api';

export function AutoShareDialog() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Settings2 aria-hidden />
          Sharing settings
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close sharing settings">
        <DialogHeader>
          <DialogTitle>Sharing settings</DialogTitle>
          <DialogDescription>Share chosen document types automatically with each investor whose match you accept.</DialogDescription>
        </DialogHeader>
        {isOpen && <SettingsForm onDone={() => setIsOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({ onDone }: { onDone: () => void }) {
  const settings = useQuery(dataRoomSettingsQuery);
  if (settings.isPending) return <Spinner label="Loading your settings" showLabel className="flex justify-center py-8" />;
  if (settings.isError)
    return (
      <ErrorState
        compact
        title="We couldn't load your settings"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  return <SettingsFields initial={settings.data.autoShareCategories} onDone={onDone} />;
}

function SettingsFields({ initial, onDone }: { initial: DocumentCategory[]; onDone: () => void }) {
  const [chosen, setChosen] = useState<DocumentCategory[]>(initial);
  const save = useUpdateDataRoomSettings();
  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ autoShareCategories: chosen }, { onSuccess: onDone });
      }}
    >
      <ChoiceGroup
        id="auto-share-categories"
        legend="Share automatically on an accepted match"
        hint="Documents you have already shared stay shared; existing connections are not changed."
        options={DOCUMENT_CATEGORIES}
        value={chosen}
        onChange={setChosen}
        disabled={save.isPending}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
