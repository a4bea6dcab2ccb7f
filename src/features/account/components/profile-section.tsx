import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type FormEvent } from 'react'
import { useAppDispatch } from '@/lib/app-state'
import { fieldAria } from '@/components/field-aria'
import { FormField } from '@/components/form-field'
import { notify } from '@/components/toaster'
import { profileNameChanged, type AuthUser } from '@/features/auth/auth-slice'
import { formatKenyanPhone } from '@/lib/phone'
import {
  limits,
  profileToSave,
  validateProfile,
  type ProfileDraft,
  type ProfileErrors,
} from '../account-validation'
import { fetchProfile, saveProfile, type Profile } from '../api/profile'
import { useOnlineStatus } from '@/lib/use-online-status'
import { useRemote } from '@/lib/use-remote'
import { LoadProblem, Loading, PrimaryButton, SectionCard } from './account-ui'

const ids = { fullName: 'profile-name', phone: 'profile-phone' }

const toDraft = (profile: Profile): ProfileDraft => ({
  fullName: profile.fullName,
  phone: profile.phone ? formatKenyanPhone(profile.phone) : '',
})

/** Name and phone; the email is the sign-in address and is shown, not edited, here. */
export function ProfileSection({ user }: { user: AuthUser }) {
  const online = useOnlineStatus()
  const { state, reload, set } = useRemote(user.id, () => fetchProfile(user.id))
  return (
    <SectionCard
      id="profile"
      title="Profile"
      description="Your name and phone number for deliveries and M-Pesa."
    >
      <chakra.dl mb="5" fontSize="sm">
        <chakra.dt color="brand.muted">Email address</chakra.dt>
        <chakra.dd color="brand.ink" fontWeight="medium" overflowWrap="anywhere">
          {user.email}
        </chakra.dd>
      </chakra.dl>
      {state.status === 'ready' ? (
        <ProfileForm
          userId={user.id}
          initial={state.data}
          onSaved={(saved) => set(saved)}
          key={`${state.data.fullName}|${state.data.phone}`}
        />
      ) : state.status === 'error' ? (
        <LoadProblem online={online} what="profile" message={state.message} onRetry={reload} />
      ) : (
        <Loading label="Loading your profile" />
      )}
    </SectionCard>
  )
}

function ProfileForm({
  userId,
  initial,
  onSaved,
}: {
  userId: string
  initial: Profile
  onSaved: (profile: Profile) => void
}) {
  const dispatch = useAppDispatch()
  const [draft, setDraft] = useState<ProfileDraft>(() => toDraft(initial))
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)

  const update = (field: keyof ProfileDraft, value: string) => {
    const next = { ...draft, [field]: value }
    setDraft(next)
    if (submitted) setErrors(validateProfile(next))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const found = validateProfile(draft)
    setErrors(found)
    if (found.fullName || found.phone) {
      document.getElementById(found.fullName ? ids.fullName : ids.phone)?.focus()
      return
    }
    setBusy(true)
    try {
      const saved = await saveProfile(userId, profileToSave(draft))
      dispatch(profileNameChanged(saved.fullName))
      notify({ title: 'Profile saved', type: 'success' })
      onSaved(saved)
    } catch (error) {
      notify({ title: 'Profile not saved', description: (error as Error).message, type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Profile" display="grid" gap="5">
      <chakra.div display="grid" gap="5" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        <FormField id={ids.fullName} label="Full name" error={errors.fullName}>
          <Input
            {...fieldAria(ids.fullName, { error: errors.fullName })}
            name="name"
            autoComplete="name"
            maxLength={limits.name + 20}
            value={draft.fullName}
            onChange={(e) => update('fullName', e.target.value)}
            aria-required="true"
          />
        </FormField>
        <FormField
          id={ids.phone}
          label="Phone number (optional)"
          hint="A Kenyan mobile number, e.g. 0712 345 678."
          error={errors.phone}
        >
          <Input
            {...fieldAria(ids.phone, { error: errors.phone, hint: true })}
            name="tel"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={draft.phone}
            onChange={(e) => update('phone', e.target.value)}
          />
        </FormField>
      </chakra.div>
      <chakra.div>
        <PrimaryButton type="submit" loading={busy} loadingText="Saving...">
          Save profile
        </PrimaryButton>
      </chakra.div>
    </chakra.form>
  )
}
