// Profiles (spec §2, §4, §7; issue #3): the signed-in user's own profile, its two edit
// endpoints, and the public cards of the other side of the market.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getInvestorCard,
  getOwnProfile,
  getStartupCard,
  updateInvestorProfile,
  updateStartupProfile,
  UpdateInvestorProfileBody,
  UpdateStartupProfileBody,
  type InvestorProfile,
  type OwnProfile,
  type StartupProfile,
} from '@shared/contracts/profiles';
import type { UserType } from '@shared/enums';
import { activityKeys } from '@/features/activity/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { ApiError, api } from '@/lib/api';
import { toast } from '@/lib/use-toast';

export const profileKeys = {
  all: ['profiles'] as const,
  /** The signed-in user's own profile. */
  own: () => [...profileKeys.all, 'own'] as const,
  /** The public card of a user on the other side, by user id. */
  card: (role: UserType, id: number) => [...profileKeys.all, role, id] as const,
};

export const ownProfileQuery = queryOptions({
  queryKey: profileKeys.own(),
  queryFn: async ({ signal }): Promise<OwnProfile | null> => {
    try {
      return await api(getOwnProfile, { signal });
    } catch (error) {
      // 404 is the normal answer before the first save: "no profile yet", not a failure.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const startupCardQuery = (id: number) =>
  queryOptions({ queryKey: profileKeys.card('startup', id), queryFn: ({ signal }) => api(getStartupCard, { params: { id }, signal }) });

export const investorCardQuery = (id: number) =>
  queryOptions({ queryKey: profileKeys.card('investor', id), queryFn: ({ signal }) => api(getInvestorCard, { params: { id }, signal }) });

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** What a saved profile moves: the dashboard (completion, scores) and the feed. */
const PROFILE_SAVE_INVALIDATES = [dashboardKeys.all, activityKeys.all];

/** After any save: the new profile is the cache (what depends on it is in PROFILE_SAVE_INVALIDATES). */
function useOnProfileSaved() {
  const queryClient = useQueryClient();
  return (saved: OwnProfile) => {
    queryClient.setQueryData(ownProfileQuery.queryKey, saved);
    toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
  };
}

function onProfileSaveError(error: unknown) {
  toast({ title: 'Error', description: `Failed to update profile: ${errorMessage(error)}`, variant: 'destructive' });
}

/** Saves the Profile Information tab (which may create the profile). */
export function useUpdateStartupProfile() {
  const onSaved = useOnProfileSaved();
  return useMutation({
    mutationFn: (body: UpdateStartupProfileBody) => api(updateStartupProfile, { body }),
    meta: { invalidates: PROFILE_SAVE_INVALIDATES },
    onSuccess: onSaved,
    onError: onProfileSaveError,
  });
}

/** Saves Team Members or Investor Preferences: the saved company fields plus that part. */
export function useUpdateStartupProfilePart() {
  const onSaved = useOnProfileSaved();
  return useMutation({
    mutationFn: ({ profile, part }: { profile: StartupProfile; part: Pick<UpdateStartupProfileBody, 'team' | 'investorPreferences'> }) =>
      api(updateStartupProfile, { body: { ...startupInfoBody(profile), ...part } }),
    meta: { invalidates: PROFILE_SAVE_INVALIDATES },
    onSuccess: onSaved,
    onError: onProfileSaveError,
  });
}

/**
 * Saves one investor tab. The endpoint takes the whole record, so the tab's changes are laid
 * over the saved profile; with no profile yet the changes must be a whole record themselves.
 */
export function useUpdateInvestorProfile() {
  const onSaved = useOnProfileSaved();
  return useMutation({
    mutationFn: ({ profile, changes }: { profile: InvestorProfile | null; changes: Partial<UpdateInvestorProfileBody> }) => {
      const body = profile ? { ...investorBody(profile), ...changes } : UpdateInvestorProfileBody.safeParse(changes).data;
      if (!body) throw new Error(INFO_FIRST);
      return api(updateInvestorProfile, { body });
    },
    meta: { invalidates: PROFILE_SAVE_INVALIDATES },
    onSuccess: onSaved,
    onError: onProfileSaveError,
  });
}

/** Thrown (and shown in the error toast) when a tab is saved before Profile Information is valid. */
const INFO_FIRST = 'Please complete and save Profile Information first.';

/**
 * The Profile Information fields of a saved startup profile, as an update body. The Team
 * Members and Investor Preferences tabs send these alongside their own part, because the
 * endpoint always takes the whole company record.
 */
export function startupInfoBody(profile: StartupProfile): UpdateStartupProfileBody {
  const parsed = UpdateStartupProfileBody.safeParse({
    companyName: profile.companyName,
    website: profile.website ?? '',
    location: profile.location ?? '',
    foundingDate: profile.foundingDate ?? '',
    stage: profile.stage,
    industry: profile.industry,
    description: profile.description ?? '',
    teamSize: profile.teamSize,
    fundingGoal: profile.fundingGoal,
  });
  if (!parsed.success) throw new Error(INFO_FIRST);
  return parsed.data;
}

/** The whole saved investor profile as an update body; each tab replaces its own fields. */
export function investorBody(profile: InvestorProfile): UpdateInvestorProfileBody {
  const parsed = UpdateInvestorProfileBody.safeParse({
    firmName: profile.firmName,
    website: profile.website ?? '',
    location: profile.location ?? '',
    foundingDate: profile.foundingDate ?? '',
    description: profile.description ?? '',
    investmentThesis: profile.investmentThesis ?? '',
    portfolioSize: profile.portfolioSize,
    industryFocus: profile.industryFocus,
    stagePreference: profile.stagePreference,
    investmentRange: profile.investmentRange,
  });
  if (!parsed.success) throw new Error(INFO_FIRST);
  return parsed.data;
}
