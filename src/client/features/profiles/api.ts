// Profiles (issue #3): the signed-in user's own profile, its two edit
// endpoints, and the public cards of the other side of the market.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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
import { toast, toastFailure } from '@/lib/use-toast';

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

/** What a saved profile moves: the dashboard (completion, scores) and the feed. */
const PROFILE_SAVE_INVALIDATES = [dashboardKeys.all, activityKeys.all];

/**
 * One profile save. After it the answer is the cached profile; what depends on it is in
 * PROFILE_SAVE_INVALIDATES.
 */
function useSaveProfile<Variables>(mutationFn: (variables: Variables) => Promise<OwnProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { invalidates: PROFILE_SAVE_INVALIDATES },
    onSuccess: (saved) => {
      queryClient.setQueryData(ownProfileQuery.queryKey, saved);
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
    },
    onError: (error) => toastFailure('update profile', error),
  });
}

/** Saves the Profile Information tab (which may create the profile). */
export function useUpdateStartupProfile() {
  return useSaveProfile((body: UpdateStartupProfileBody) => api(updateStartupProfile, { body }));
}

/** Saves Team Members or Investor Preferences: the saved company fields plus that part. */
export function useUpdateStartupProfilePart() {
  return useSaveProfile(({ profile, part }: { profile: StartupProfile; part: Pick<UpdateStartupProfileBody, 'team' | 'investorPreferences'> }) =>
    api(updateStartupProfile, { body: { ...startupInfoBody(profile), ...part } }),
  );
}

/**
 * Saves one investor tab. The endpoint takes the whole record, so the tab's changes are laid
 * over the saved profile; with no profile yet the changes must be a whole record themselves.
 */
export function useUpdateInvestorProfile() {
  return useSaveProfile(({ profile, changes }: { profile: InvestorProfile | null; changes: Partial<UpdateInvestorProfileBody> }) => {
    const body = profile ? { ...investorBody(profile), ...changes } : UpdateInvestorProfileBody.safeParse(changes).data;
    if (!body) throw new Error(INFO_FIRST);
    return api(updateInvestorProfile, { body });
  });
}

/** Thrown (and shown in the error toast) when a tab is saved before Profile Information is valid. */
const INFO_FIRST = 'Please complete and save Profile Information first.';

/** A saved profile's text fields as the update body takes them: empty, not null. */
function savedText(profile: { website: string | null; location: string | null; foundingDate: string | null; description: string | null }) {
  return { website: profile.website ?? '', location: profile.location ?? '', foundingDate: profile.foundingDate ?? '', description: profile.description ?? '' };
}

/** A saved profile back as an update body; one today's rules reject must be fixed on Profile Information first. */
function parseSaved<Body>(schema: z.ZodType<Body>, fields: unknown): Body {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new Error(INFO_FIRST);
  return parsed.data;
}

/**
 * The Profile Information fields of a saved startup profile, as an update body. The Team
 * Members and Investor Preferences tabs send these alongside their own part, because the
 * endpoint always takes the whole company record.
 */
export function startupInfoBody(profile: StartupProfile): UpdateStartupProfileBody {
  return parseSaved(UpdateStartupProfileBody, {
    ...savedText(profile),
    companyName: profile.companyName,
    stage: profile.stage,
    industry: profile.industry,
    teamSize: profile.teamSize,
    fundingGoal: profile.fundingGoal,
  });
}

/** The whole saved investor profile as an update body; each tab replaces its own fields. */
export function investorBody(profile: InvestorProfile): UpdateInvestorProfileBody {
  return parseSaved(UpdateInvestorProfileBody, {
    ...savedText(profile),
    firmName: profile.firmName,
    investmentThesis: profile.investmentThesis ?? '',
    portfolioSize: profile.portfolioSize,
    industryFocus: profile.industryFocus,
    stagePreference: profile.stagePreference,
    investmentRange: profile.investmentRange,
  });
}
