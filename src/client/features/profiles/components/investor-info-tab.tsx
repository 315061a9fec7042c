// Investor profile, "Profile Information" tab (spec §2, §5): the firm record. The endpoint needs
// an investment thesis on every save, so the very first save (no profile yet) asks for it here.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark, Pencil } from 'lucide-react';
import { z } from 'zod';
import { UpdateInvestorProfileBody, type InvestorProfile } from '@shared/contracts/profiles';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ExternalLink } from '@/components/ui/external-link';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatCalendarDate } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateInvestorProfile } from '../api';
import { DetailList, EditableSection, FormActions } from './profile-parts';

const shape = UpdateInvestorProfileBody.shape;
const InvestorInfoForm = z.object({
  firmName: shape.firmName,
  website: shape.website,
  location: shape.location,
  foundingDate: shape.foundingDate,
  description: shape.description,
  portfolioSize: shape.portfolioSize,
  investmentThesis: shape.investmentThesis.optional(),
});
const NewInvestorForm = InvestorInfoForm.extend({ investmentThesis: shape.investmentThesis });
type InvestorInfoInput = z.input<typeof InvestorInfoForm>;
type InvestorInfoOutput = z.output<typeof InvestorInfoForm>;

const FIELDS = ['firmName', 'website', 'location', 'foundingDate', 'description', 'portfolioSize', 'investmentThesis'] as const;

/** An empty number box means "not given" (null), not zero. */
const toOptionalInteger = (value: unknown) => (value === '' || value === undefined || value === null ? null : Number(value));

export function InvestorInfoTab({ profile }: { profile: InvestorProfile | null }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <EditableSection
      title="Profile Information"
      description="Your firm as founders will see it."
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
      canEdit={profile !== null}
    >
      {isEditing ? (
        <InvestorInfoFormView profile={profile} onDone={() => setIsEditing(false)} />
      ) : profile ? (
        <DetailList
          details={[
            { label: 'Firm Name', value: profile.firmName },
            { label: 'Website', value: profile.website && <ExternalLink href={profile.website} /> },
            { label: 'Location', value: profile.location },
            { label: 'Founding Date', value: formatCalendarDate(profile.foundingDate) },
            { label: 'Portfolio Size', value: profile.portfolioSize === null ? null : `${profile.portfolioSize.toLocaleString()} ${profile.portfolioSize === 1 ? 'company' : 'companies'}` },
            { label: 'Description', value: profile.description, isWide: true },
          ]}
        />
      ) : (
        <EmptyState
          icon={Landmark}
          title="Complete your profile"
          description="Add your firm's details and investment thesis so startups can find you and matches can be scored."
          action={
            <Button onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden />
              Complete your profile
            </Button>
          }
          className="border-none py-8"
          headingLevel={3}
        />
      )}
    </EditableSection>
  );
}

function InvestorInfoFormView({ profile, onDone }: { profile: InvestorProfile | null; onDone: () => void }) {
  const isNew = profile === null;
  const form = useForm<InvestorInfoInput, unknown, InvestorInfoOutput>({
    // Both schemas share one shape; the new-profile one only makes the thesis required.
    resolver: zodResolver((isNew ? NewInvestorForm : InvestorInfoForm) as typeof InvestorInfoForm),
    defaultValues: {
      firmName: profile?.firmName ?? '',
      website: profile?.website ?? '',
      location: profile?.location ?? '',
      foundingDate: profile?.foundingDate ?? '',
      description: profile?.description ?? '',
      portfolioSize: profile?.portfolioSize ?? null,
      ...(isNew ? { investmentThesis: '' } : {}),
    },
  });
  const mutation = useUpdateInvestorProfile();
  const { errors } = form.formState;
  const field = form.register;

  useEffect(() => form.setFocus('firmName'), [form]);

  const onSubmit = form.handleSubmit(({ investmentThesis, ...info }) =>
    mutation.mutate(
      // A new profile starts with empty criteria; the Investment Criteria tab fills them in.
      { profile, changes: isNew ? { ...info, investmentThesis, industryFocus: [], stagePreference: [], investmentRange: [] } : info },
      { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile information">
      <fieldset disabled={mutation.isPending} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="investor-firm-name" label="Firm Name" error={errors.firmName?.message}>
            {(control) => <Input {...control} autoComplete="organization" {...field('firmName')} />}
          </FormField>
          <FormField id="investor-website" label="Website" hint="Optional. For example https://example.com" error={errors.website?.message}>
            {(control) => <Input {...control} type="url" inputMode="url" autoComplete="url" placeholder="https://" {...field('website')} />}
          </FormField>
          <FormField id="investor-location" label="Location" error={errors.location?.message}>
            {(control) => <Input {...control} placeholder="City, Country" {...field('location')} />}
          </FormField>
          <FormField id="investor-founding-date" label="Founding Date" hint="Optional" error={errors.foundingDate?.message}>
            {(control) => <Input {...control} type="date" {...field('foundingDate')} />}
          </FormField>
          <FormField id="investor-portfolio-size" label="Portfolio Size" hint="Optional. Number of portfolio companies." error={errors.portfolioSize?.message}>
            {(control) => <Input {...control} type="number" min={0} step={1} inputMode="numeric" {...field('portfolioSize', { setValueAs: toOptionalInteger })} />}
          </FormField>
        </div>
        <FormField id="investor-description" label="Description" hint="Who you are and how you work with founders. At least 10 characters." error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={5} {...field('description')} />}
        </FormField>
        {isNew && (
          <FormField
            id="investor-new-thesis"
            label="Investment Thesis"
            hint="What you invest in and why. At least 10 characters. You can refine it later on the Investment Thesis tab."
            error={errors.investmentThesis?.message}
          >
            {(control) => <Textarea {...control} rows={4} {...field('investmentThesis')} />}
          </FormField>
        )}
        <FormActions isPending={mutation.isPending} onCancel={onDone} />
      </fieldset>
    </form>
  );
}
