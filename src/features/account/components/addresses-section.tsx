import { Badge } from '@chakra-ui/react/badge'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { MapPinIcon, PlusIcon } from '@/components/icons'
import { notify } from '@/components/toaster'
import { formatKenyanPhone } from '@/lib/phone'
import { emptyAddressDraft, type AddressDraft } from '../account-validation'
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
  type Address,
  type AddressInput,
} from '../api/addresses'
import { useOnlineStatus } from '@/lib/use-online-status'
import { useRemote } from '@/lib/use-remote'
import { Notice } from '@/components/ui/notice'
import { LoadProblem, Loading, QuietButton, SecondaryButton, SectionCard } from './account-ui'
import { AddressForm } from './address-form'

const toDraft = (address: Address): AddressDraft => ({
  label: address.label ?? '',
  recipientName: address.recipient_name ?? '',
  phone: address.phone ? formatKenyanPhone(address.phone) : '',
  county: address.county,
  town: address.town,
  street: address.street,
  note: address.note ?? '',
  isDefault: address.is_default,
})

/** The default first, then the newest (as the server orders them). */
const sorted = (list: Address[]) =>
  [...list].sort(
    (a, b) =>
      Number(b.is_default) - Number(a.is_default) || b.created_at.localeCompare(a.created_at),
  )

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; id: string }

/** Saved delivery addresses: add, edit, delete, choose the default one for checkout. */
export function AddressesSection({ userId }: { userId: string }) {
  const online = useOnlineStatus()
  const { state, reload, set } = useRemote(userId, () => listAddresses())
  const [editing, setEditing] = useState<Editing>({ kind: 'none' })
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null)
  const list = state.status === 'ready' ? state.data : (state.data ?? [])

  const fail = (title: string) => (error: unknown) => {
    notify({ title, description: (error as Error).message, type: 'error' })
    return false
  }

  /** Applies a saved address; a new default clears the old one (the database did the same). */
  const apply = (saved: Address) => {
    const rest = list
      .filter((a) => a.id !== saved.id)
      .map((a) => (saved.is_default ? { ...a, is_default: false } : a))
    set(sorted([saved, ...rest]))
  }

  const add = (input: AddressInput) =>
    createAddress(input).then((saved) => {
      apply(saved)
      setEditing({ kind: 'none' })
      notify({ title: 'Address saved', type: 'success' })
      return true
    }, fail('Address not saved'))

  const edit = (id: string) => (input: AddressInput) =>
    updateAddress(id, input).then((saved) => {
      apply(saved)
      setEditing({ kind: 'none' })
      notify({ title: 'Address updated', type: 'success' })
      return true
    }, fail('Address not updated'))

  const makeDefault = (id: string) =>
    updateAddress(id, { is_default: true }).then((saved) => {
      apply(saved)
      notify({ title: 'Default address changed', type: 'success' })
    }, fail('Default address not changed'))

  const remove = (id: string) =>
    deleteAddress(id).then(() => {
      set(list.filter((a) => a.id !== id))
      setConfirmingDelete(null)
      notify({ title: 'Address deleted', type: 'success' })
    }, fail('Address not deleted'))

  const addButton =
    editing.kind === 'none' && state.status === 'ready' ? (
      <SecondaryButton onClick={() => setEditing({ kind: 'new' })}>
        <PlusIcon size={16} /> Add address
      </SecondaryButton>
    ) : null

  return (
    <SectionCard
      id="addresses"
      title="Saved addresses"
      description="Choose one at checkout instead of typing it again."
      action={addButton}
    >
      {state.status === 'error' ? (
        <LoadProblem online={online} what="addresses" message={state.message} onRetry={reload} />
      ) : state.status === 'loading' && !state.data ? (
        <Loading label="Loading your addresses" />
      ) : (
        <chakra.div display="grid" gap="4">
          {editing.kind === 'new' ? (
            <AddressForm
              idPrefix="new-address"
              title="New address"
              submitLabel="Save address"
              initial={{ ...emptyAddressDraft, isDefault: list.length === 0 }}
              onSubmit={add}
              onCancel={() => setEditing({ kind: 'none' })}
            />
          ) : null}
          {list.length === 0 && editing.kind !== 'new' ? (
            <Notice title="No saved addresses yet">
              Add your home or office address and checkout fills it in for you.
            </Notice>
          ) : null}
          <chakra.ul listStyleType="none" display="grid" gap="4">
            {list.map((address) =>
              editing.kind === 'edit' && editing.id === address.id ? (
                <li key={address.id}>
                  <AddressForm
                    idPrefix={`address-${address.id}`}
                    title="Edit address"
                    submitLabel="Save changes"
                    initial={toDraft(address)}
                    onSubmit={edit(address.id)}
                    onCancel={() => setEditing({ kind: 'none' })}
                  />
                </li>
              ) : (
                <AddressCard
                  key={address.id}
                  address={address}
                  confirmingDelete={confirmingDelete === address.id}
                  onEdit={() => setEditing({ kind: 'edit', id: address.id })}
                  onMakeDefault={() => void makeDefault(address.id)}
                  onAskDelete={() => setConfirmingDelete(address.id)}
                  onCancelDelete={() => setConfirmingDelete(null)}
                  onDelete={() => void remove(address.id)}
                />
              ),
            )}
          </chakra.ul>
        </chakra.div>
      )}
    </SectionCard>
  )
}

function AddressCard({
  address,
  confirmingDelete,
  onEdit,
  onMakeDefault,
  onAskDelete,
  onCancelDelete,
  onDelete,
}: {
  address: Address
  confirmingDelete: boolean
  onEdit: () => void
  onMakeDefault: () => void
  onAskDelete: () => void
  onCancelDelete: () => void
  onDelete: () => void
}) {
  const title = address.label ?? `${address.town}, ${address.county}`
  return (
    <chakra.li
      aria-label={title}
      borderWidth="1px"
      borderColor={address.is_default ? 'brand.gold' : 'brand.line'}
      p={{ base: '4', sm: '5' }}
      display="grid"
      gap="3"
    >
      <chakra.div display="flex" alignItems="center" gap="2" flexWrap="wrap">
        <chakra.span color="brand.gold">
          <MapPinIcon size={18} />
        </chakra.span>
        <chakra.h3 fontWeight="semibold" color="brand.ink">
          {title}
        </chakra.h3>
        {address.is_default ? (
          <Badge bg="brand.ink" color="white" borderRadius="0" px="2" fontSize="2xs">
            Default
          </Badge>
        ) : null}
      </chakra.div>
      <chakra.address fontStyle="normal" color="brand.charcoal" fontSize="sm" lineHeight="1.6">
        {address.recipient_name ? (
          <chakra.span display="block">{address.recipient_name}</chakra.span>
        ) : null}
        <chakra.span display="block">{address.street}</chakra.span>
        <chakra.span display="block">
          {address.town}, {address.county} County
        </chakra.span>
        {address.phone ? (
          <chakra.span display="block">{formatKenyanPhone(address.phone)}</chakra.span>
        ) : null}
        {address.note ? (
          <chakra.span display="block" color="brand.muted" mt="1">
            Note for the rider: {address.note}
          </chakra.span>
        ) : null}
      </chakra.address>
      {confirmingDelete ? (
        <chakra.div
          role="group"
          aria-label="Confirm deletion"
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          gap="2"
        >
          <chakra.span fontSize="sm" color="brand.ink" me="2">
            Delete this address?
          </chakra.span>
          <QuietButton danger onClick={onDelete} aria-label={`Yes, delete ${title}`}>
            Delete
          </QuietButton>
          <QuietButton onClick={onCancelDelete}>Keep it</QuietButton>
        </chakra.div>
      ) : (
        <chakra.div display="flex" flexWrap="wrap" gap="1" ms="-2">
          <QuietButton onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </QuietButton>
          {address.is_default ? null : (
            <QuietButton onClick={onMakeDefault} aria-label={`Make ${title} my default address`}>
              Make default
            </QuietButton>
          )}
          <QuietButton danger onClick={onAskDelete} aria-label={`Delete ${title}`}>
            Delete
          </QuietButton>
        </chakra.div>
      )}
    </chakra.li>
  )
}
