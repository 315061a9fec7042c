// Investor profile, "Profile Information" tab: the firm record. The endpoint needs
// an investment thesis on every save, so the very first save (no profile yet) asks for it here.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { z } from 'zod';
import { UpdateInvestorProfileBody, type InvestorProfile } from '@shared/contracts/profiles';
import { FormActions, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateInvestorProfile } from '../api';
import { CompleteProfilePrompt, DetailList, EditableSection, OrganizationFields, organizationDetails, portfolioSizeText } from './profile-parts';

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
  return (
    <EditableSection
      title="Profile Information"
      description="Your firm as founders see it. Location counts toward geographic fit, and your description is read with your thesis for shared themes."
      canEdit={profile !== null}
    >
      {({ isEditing, startEditing, stopEditing }) =>
        isEditing ? (
          <InvestorInfoFormView profile={profile} onDone={stopEditing} />
        ) : profile ? (
          <DetailList
            details={[
              { label: 'Firm Name', value: profile.firmName },
              ...organizationDetails(profile),
              { label: 'Portfolio Size', value: portfolioSizeText(profile.portfolioSize) },
              { label: 'Description', value: profile.description, isWide: true },
            ]}
          />
        ) : (
          <CompleteProfilePrompt
            icon={Landmark}
            description="Add your firm's details and investment thesis. Founders can find you once it is saved, and matches are scored from it."
            onStart={startEditing}
          />
        )
      }
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
          <OrganizationFields idPrefix="investor" register={field} errors={errors} />
          <FormField
            id="investor-portfolio-size"
            label="Portfolio Size"
            hint="Optional. How many companies you have backed. The founder's side of each match score counts experience."
            error={errors.portfolioSize?.message}
          >
            {(control) => (
              <Input {...control} type="number" min={0} step={1} inputMode="numeric" {...field('portfolioSize', { setValueAs: toOptionalInteger })} />
            )}
          </FormField>
        </div>
        <FormField
          id="investor-description"
          label="Description"
          hint="Who you are and how you work with founders after the check. At least 10 characters."
          error={errors.description?.message}
        >
          {(control) => <Textarea {...control} rows={5} {...field('description')} />}
        </FormField>
        {isNew && (
          <FormField
            id="investor-new-thesis"
            label="Investment Thesis"
            hint="What you back and what you avoid. At least 10 characters. You can refine it later on the Investment Thesis tab."
            error={errors.investmentThesis?.message}
          >
            {(control) => <Textarea {...control} rows={4} {...field('investmentThesis')} />}
          </FormField>
        )}
        <FormActions isPending={mutation.isPending} onCancel={onDone} className="border-t pt-5" />
      </fieldset>
    </form>
  );
}
