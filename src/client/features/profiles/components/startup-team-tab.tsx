// Startup profile, "Team Members" tab: the people behind the company, each with a name, a role
// and an optional link. Saving sends the saved company fields plus the whole team list.
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2, Users } from 'lucide-react';
import { z } from 'zod';
import { TeamMember, type StartupProfile } from '@shared/contracts/profiles';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ExternalLink } from '@/components/ui/external-link';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useUpdateStartupProfilePart } from '../api';
import { ProfilePartSection } from './profile-parts';

const MAX_TEAM_SIZE = 50;
const TeamForm = z.object({ team: z.array(TeamMember).max(MAX_TEAM_SIZE, 'A team may list at most 50 members') });
type TeamInput = z.input<typeof TeamForm>;
type TeamOutput = z.output<typeof TeamForm>;

const EMPTY_MEMBER = { name: '', role: '', link: '' };

export function StartupTeamTab({ profile, onOpenInformation }: { profile: StartupProfile | null; onOpenInformation: () => void }) {
  return (
    <ProfilePartSection
      title="Team Members"
      description="The founders and key people investors will be working with."
      what="team members"
      profile={profile}
      onOpenInformation={onOpenInformation}
      form={(saved, onDone) => <TeamFormView profile={saved} onDone={onDone} />}
      view={(saved, startEditing) => <TeamList team={saved.team} onEdit={startEditing} />}
    />
  );
}

function TeamList({ team, onEdit }: { team: StartupProfile['team']; onEdit: () => void }) {
  if (team.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No team members yet"
        description="Investors back people as much as ideas. Add your founders and key hires."
        action={
          <Button variant="outline" onClick={onEdit}>
            <Plus aria-hidden />
            Add team members
          </Button>
        }
        className="py-10"
        headingLevel={3}
      />
    );
  }
  return <TeamMemberCards team={team} />;
}

/** The team as cards: name, role and link. The public profile shows the same list. */
export function TeamMemberCards({ team }: { team: StartupProfile['team'] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Team members">
      {team.map((member, index) => (
        <li key={`${member.name}-${index}`} className="flex min-w-0 items-center gap-3 rounded-lg border p-4">
          <Avatar className="size-10">
            <AvatarFallback className="bg-accent text-sm text-accent-foreground">{memberInitials(member.name)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{member.name}</p>
            <p className="truncate text-sm text-muted-foreground">{member.role}</p>
            {member.link && <ExternalLink href={member.link} className="text-xs" />}
          </div>
        </li>
      ))}
    </ul>
  );
}

function memberInitials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.charAt(0) ?? ''}${parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : ''}`.toUpperCase() || '?';
}

function TeamFormView({ profile, onDone }: { profile: StartupProfile; onDone: () => void }) {
  const form = useForm<TeamInput, unknown, TeamOutput>({
    resolver: zodResolver(TeamForm),
    // Editing an empty team starts with one blank row, ready to type into.
    defaultValues: { team: profile.team.length > 0 ? profile.team : [EMPTY_MEMBER] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'team' });
  const mutation = useUpdateStartupProfilePart();
  const { errors } = form.formState;

  useEffect(() => {
    if (profile.team.length === 0) form.setFocus('team.0.name');
  }, [form, profile.team.length]);

  const addMember = () => append(EMPTY_MEMBER, { focusName: `team.${fields.length}.name` });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { profile, part: { team: values.team } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          // The server names fields like "team.0.name", which is the form's own path.
          for (const [path, messages] of Object.entries(error.fieldErrors)) {
            if (/^team\.\d+\.(name|role|link)$/.test(path) && messages[0])
              form.setError(path as `team.${number}.name`, { type: 'server', message: messages[0] });
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit team members">
      <fieldset disabled={mutation.isPending} className="grid gap-4">
        {fields.length === 0 && (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No team members. Saving now will clear the team list.</p>
        )}
        <ol className="grid gap-4">
          {fields.map((item, index) => {
            const memberErrors = errors.team?.[index];
            const number = index + 1;
            return (
              <li key={item.id}>
                {/* The legend floats so it sits inside the border; the button is positioned beside it. */}
                <fieldset className="relative rounded-lg border p-4">
                  <legend className="float-left mb-4 flex h-9 items-center text-sm font-semibold">Team member {number}</legend>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(index)}
                    aria-label={`Remove team member ${number}`}
                    className="absolute top-4 right-3 text-muted-foreground hover:text-destructive"
                  >
                    <Trash2 aria-hidden />
                    <span className="hidden sm:inline">Remove</span>
                  </Button>
                  <div className="clear-both grid gap-4 sm:grid-cols-3">
                    <FormField id={`team-${index}-name`} label="Name" error={memberErrors?.name?.message}>
                      {(control) => <Input {...control} autoComplete="off" {...form.register(`team.${index}.name`)} />}
                    </FormField>
                    <FormField id={`team-${index}-role`} label="Role" error={memberErrors?.role?.message}>
                      {(control) => <Input {...control} placeholder="e.g. CEO & Co-founder" autoComplete="off" {...form.register(`team.${index}.role`)} />}
                    </FormField>
                    <FormField id={`team-${index}-link`} label="Link (optional)" error={memberErrors?.link?.message}>
                      {(control) => (
                        <Input {...control} type="url" inputMode="url" placeholder="https://" autoComplete="off" {...form.register(`team.${index}.link`)} />
                      )}
                    </FormField>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {errors.team?.root?.message && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.team.root.message}
          </p>
        )}
        <div>
          <Button variant="outline" onClick={addMember} disabled={fields.length >= MAX_TEAM_SIZE}>
            <Plus aria-hidden />
            Add team member
          </Button>
        </div>
        <FormActions isPending={mutation.isPending} onCancel={onDone} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
