import styled, { css } from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import type { WizardStep } from '../../services'

export type StepState = 'done' | 'errors' | 'todo'

/**
 * The wizard's progress: an ordered list of steps, the current one `aria-current="step"`, each a native button
 * (Tab and Enter/Space) whose name says its number, title and state. Steps after the first are reachable once the
 * draft exists.
 */
export function Steps({ steps, current, states, reachable, onGo }: {
  steps: readonly WizardStep[]
  current: WizardStep
  states: Partial<Record<WizardStep, StepState>>
  reachable: boolean
  onGo: (step: WizardStep) => void
}) {
  const t = useT('bids')
  const index = steps.indexOf(current)
  return (
    <nav aria-label={t('wizard.stepsLabel')} data-testid="wizard-steps">
      <List $count={steps.length}>
        {steps.map((step, i) => {
          const state = states[step] ?? 'todo'
          const isCurrent = step === current
          return (
            <Item key={step}>
              <StepButton
                type="button"
                data-testid={`step-${step}`}
                data-state={state}
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!reachable && i > 0}
                $current={isCurrent}
                $state={state}
                onClick={() => onGo(step)}
              >
                <Num aria-hidden="true">{state === 'done' && !isCurrent ? '✓' : state === 'errors' ? '!' : i + 1}</Num>
                <Name $current={isCurrent}>
                  <VisuallyHidden>{t('wizard.stepNumber', { n: i + 1, total: steps.length })} </VisuallyHidden>
                  {t(`steps.${step}`)}
                  {state !== 'todo' && <VisuallyHidden> — {t(`wizard.stepState.${state}`)}</VisuallyHidden>}
                </Name>
              </StepButton>
            </Item>
          )
        })}
      </List>
      <Bar aria-hidden="true">
        <Fill style={{ width: `${((index + 1) / steps.length) * 100}%` }} />
      </Bar>
    </nav>
  )
}

const List = styled.ol<{ $count: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(${({ $count }) => $count}, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.xs};
`
const Item = styled.li`
  min-width: 0;
`
const StepButton = styled.button<{ $current: boolean; $state: StepState }>`
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $current }) => ($current ? theme.color.primarySoft : 'transparent')};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme, $current }) => ($current ? theme.color.primarySoft : theme.color.surfaceHover)};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  &:disabled {
    cursor: default;
    color: ${({ theme }) => theme.color.textMuted};
  }
  @media ${({ theme }) => theme.media.phone} {
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xxs};
    padding: ${({ theme }) => theme.space.xs};
  }
  ${({ $state, theme }) =>
    $state === 'errors' &&
    css`
      & > span:first-child {
        background: ${theme.color.errorSoft};
        border-color: ${theme.color.error};
        color: ${theme.color.errorText};
      }
    `}
  ${({ $state, $current, theme }) =>
    $state === 'done' &&
    !$current &&
    css`
      & > span:first-child {
        background: ${theme.color.successSoft};
        border-color: ${theme.color.success};
        color: ${theme.color.successText};
      }
    `}
`
const Num = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 1.5px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  [aria-current='step'] > & {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.textInverse};
  }
`
const Name = styled.span<{ $current: boolean }>`
  min-width: 0;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme, $current }) => ($current ? theme.font.weight.semibold : theme.font.weight.regular)};
  @media ${({ theme }) => theme.media.phone} {
    font-size: ${({ theme }) => theme.font.size.xs};
    text-align: center;
    overflow-wrap: normal;
    /* A phone has room for the current step's name only; the others keep theirs for screen readers. */
    ${({ $current }) =>
      $current
        ? ''
        : `position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;`}
  }
`
const Bar = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
  height: 4px;
  border-radius: 2px;
  background: ${({ theme }) => theme.color.divider};
  overflow: hidden;
`
const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.motion.normal};
`
