import { useUnit } from 'effector-react'
import { useEffect, useRef, useState } from 'react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Badge } from '../../../core/ui/Badge'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Row, Stack } from '../../../core/ui/Stack'
import { formKey } from '../commands'
import type { BankAccount, BankAccountFormInput, DirectoryBank } from '../contract'
import { bankByBik } from '../remotes'
import { $forms, $removeFailures, IDLE_FORM } from '../model'
import { bankAccountForm } from '../rules/forms'
import { bankAccountWarnings } from '../rules/warnings'
import { Check, FieldGrid, FormFooter, Masked, Text, Wide } from './fields'
import { str, useForm, type Values } from './form'
import { useUnsavedChanges } from './guard'
import { ConfirmButton, EditorFrame, RecordCard, RemoveFailure, useEditing } from './records'
import { SectionState } from './SectionState'
import { useSection } from './useSection'
import { WarningBadges } from './view'

interface AccountValues extends Values {
  bank_name: string
  bik: string
  correspondent_account: string
  settlement_account: string
  is_main: boolean
}

/**
 * A complete BIK the user typed is looked up in the bank directory; what it finds fills the bank's name and
 * correspondent account (once per BIK: typed corrections stay). Returns the BIK field's help line. An account
 * opened for editing keeps its stored details until its BIK changes.
 */
function useBankDirectory(bik: string, stored: string | null, fill: (bank: DirectoryBank) => void): string {
  const t = useT('clients')
  const dispatch = useDispatch()
  const lookup = useUnit(bankByBik.$state)
  const [asked, setAsked] = useState<string | null>(stored)
  const complete = /^\d{9}$/.test(bik)
  useEffect(() => {
    if (complete && bik !== asked) {
      setAsked(bik)
      void dispatch('clients/lookUpBank', { bik })
    }
  }, [bik, complete, asked, dispatch])
  const mine = complete && bik === asked && lookup.status !== 'idle' && lookup.query.bik === bik
  const found = mine && lookup.status === 'loaded' ? lookup.data : null
  const fillRef = useRef(fill)
  fillRef.current = fill
  useEffect(() => {
    if (found) fillRef.current(found)
  }, [found])
  if (!mine || bik === stored) return t('bank.bikHint')
  if (lookup.status === 'loading') return t('bank.bikLooking')
  if (lookup.status === 'failed') return t('bank.bikFailed')
  return found ? t('bank.bikFound') : t('bank.bikUnknown')
}

function AccountForm({ companyId, account, first, onClose }: { companyId: number; account: BankAccount | null; first: boolean; onClose: () => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const id = account?.id ?? null
  const form = useForm<AccountValues>({
    initial: {
      bank_name: str(account?.bank_name),
      bik: str(account?.bik),
      correspondent_account: str(account?.correspondent_account),
      settlement_account: str(account?.settlement_account),
      is_main: account?.is_main ?? first,
    },
    schema: bankAccountForm,
    warnings: bankAccountWarnings,
    state: forms[formKey('bankAccounts', id)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/saveBankAccount', { companyId, id, form: input as BankAccountFormInput }),
    onSaved: onClose,
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  const bikHelp = useBankDirectory(form.values.bik, account?.bik ?? null, found =>
    form.setMany({ bank_name: found.name, correspondent_account: found.correspondent_account ?? '' }),
  )
  return (
    <form onSubmit={form.submit} noValidate data-testid="account-form" aria-label={t('bank.account')}>
      <Stack gap="lg">
        <FieldGrid>
          <Wide>
            <Text field={f('bank_name')} label={t('bank.bankName')} isRequired />
          </Wide>
          <Masked field={f('bik')} label={t('bank.bik')} mask="#########" isRequired description={bikHelp} />
          <Masked field={f('settlement_account')} label={t('bank.settlementAccount')} mask="####################" isRequired />
          <Masked field={f('correspondent_account')} label={t('bank.correspondentAccount')} mask="####################" />
        </FieldGrid>
        <Check checked={form.values.is_main} onChange={value => form.set('is_main', value)} name="is_main">
          {t('bank.isMain')}
        </Check>
        <FormFooter form={form} submitLabel={t('form.save')} onCancel={onClose} />
      </Stack>
    </form>
  )
}

/** Bank details (ClientCompany tab 2, /banks): accounts with bik, settlement and correspondent accounts; one is main. */
export function BankSection({ companyId }: { companyId: number }) {
  const t = useT('clients')
  const bankAccounts = useSection(companyId, 'bankAccounts')
  return (
    <Panel title={t('tabs.bank')}>
      <SectionState
        state={bankAccounts.state}
        failedTitle={t('loadFailed.bankAccounts')}
        onRetry={bankAccounts.retry}
        testId="bank-accounts"
      >
        {accounts => <Accounts companyId={companyId} accounts={accounts} />}
      </SectionState>
    </Panel>
  )
}

function Accounts({ companyId, accounts }: { companyId: number; accounts: BankAccount[] }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const failures = useUnit($removeFailures)
  const { editing, edit, close } = useEditing()
  return (
    <Stack gap="md">
      <RemoveFailure failure={failures.bankAccounts} />
      {accounts.length === 0 && editing !== 'new' && <EmptyState title={t('bank.none')} description={t('bank.noneHint')} />}
      {accounts.map(a =>
        editing === a.id ? (
          <EditorFrame key={a.id}>
            <AccountForm companyId={companyId} account={a} first={false} onClose={close} />
          </EditorFrame>
        ) : (
          <RecordCard
            key={a.id}
            testId={`account-${a.id}`}
            title={a.bank_name}
            badges={
              <>
                {a.is_main && <Badge tone="primary">{t('bank.main')}</Badge>}
                <WarningBadges warnings={a.warnings} />
              </>
            }
            details={[
              [t('bank.bik'), a.bik],
              [t('bank.settlementAccount'), a.settlement_account],
              [t('bank.correspondentAccount'), a.correspondent_account],
            ]}
            actions={
              <>
                {!a.is_main && (
                  <Button size="sm" variant="ghost" onPress={() => void dispatch('clients/setMainAccount', { companyId, id: a.id })}>
                    {t('bank.makeMain')}
                  </Button>
                )}
                <Button size="sm" onPress={() => edit(a.id)} isDisabled={editing !== null}>
                  {t('form.edit')}
                </Button>
                <ConfirmButton
                  label={t('form.delete')}
                  question={t('bank.delete')}
                  confirmLabel={t('form.delete')}
                  onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'bankAccounts', id: a.id })}
                />
              </>
            }
          />
        ),
      )}
      {editing === 'new' ? (
        <EditorFrame>
          <AccountForm companyId={companyId} account={null} first={accounts.length === 0} onClose={close} />
        </EditorFrame>
      ) : (
        <Row>
          <Button onPress={() => edit('new')} isDisabled={editing !== null} data-testid="account-add">
            {t('bank.add')}
          </Button>
        </Row>
      )}
    </Stack>
  )
}

/**
 * "Supported bank accounts": which of the company's accounts a bid can use as they stand — a settlement
 * account whose key matches the BIK and a correspondent account — the main one first. Accounts opened
 * through the product (settlement and special accounts, services 3 and 4) join this list with the bids module.
 */
export function SupportedAccountsSection({ companyId }: { companyId: number }) {
  const t = useT('clients')
  const bankAccounts = useSection(companyId, 'bankAccounts')
  return (
    <Panel title={t('tabs.supported')}>
      <SectionState
        state={bankAccounts.state}
        failedTitle={t('loadFailed.bankAccounts')}
        onRetry={bankAccounts.retry}
        testId="supported-accounts"
      >
        {accounts => (
          <Stack gap="md">
            <Alert kind="info" role="none">
              {t('supported.hint')}
            </Alert>
            {accounts.length === 0 && <EmptyState title={t('bank.none')} />}
            {accounts.map(a => {
              const problems = [
                ...Object.values(a.warnings ?? {}),
                ...(a.correspondent_account ? [] : ['clients:supported.noCorrespondent']),
              ]
              return (
                <RecordCard
                  key={a.id}
                  title={a.bank_name}
                  badges={
                    <>
                      {a.is_main && <Badge tone="primary">{t('bank.main')}</Badge>}
                      <Badge tone={problems.length === 0 ? 'success' : 'warning'}>{t(problems.length === 0 ? 'supported.ready' : 'supported.notReady')}</Badge>
                    </>
                  }
                  details={[
                    [t('bank.settlementAccount'), a.settlement_account],
                    [t('bank.bik'), a.bik],
                    [t('supported.problems'), problems.length > 0 ? problems.map(p => t(p.replace(/^clients:/, ''))).join('; ') : null],
                  ]}
                />
              )
            })}
          </Stack>
        )}
      </SectionState>
    </Panel>
  )
}
