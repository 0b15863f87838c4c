import { useContext, useLayoutEffect, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { I18nContext, useT } from '../../../core/i18n/useT'
import en from '../i18n/policies.en.json'
import ru from '../i18n/policies.ru.json'
import type { PolicyKey } from '../policies'
import { GuestFrame } from './GuestFrame'

/**
 * The documents' texts are most of the module's pack: they come with this page's chunk (both languages, so a switch
 * needs no fetch) and join the `account` namespace here, instead of weighing on /login and every page of the module.
 */
const TEXTS = { ru, en }
function usePolicyTexts(): boolean {
  const i18n = useContext(I18nContext)
  const [ready, setReady] = useState(() => i18n.exists('account:policies.backToRegister', { lng: 'ru', fallbackLng: [] }))
  // Before the first paint: the page never shows its keys.
  useLayoutEffect(() => {
    if (ready) return
    for (const [lng, policies] of Object.entries(TEXTS)) i18n.addResourceBundle(lng, 'account', { policies }, true, true)
    setReady(true)
  }, [i18n, ready])
  return ready
}

const Text = styled.div`
  h2 {
    margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    line-height: 1.5;
  }
`

interface Section {
  title: string
  text: string[]
}

/** One of the documents linked from registration: its title, date and sections, in the current language. */
function PolicyPage({ policy }: { policy: PolicyKey }) {
  const t = useT('account')
  const ready = usePolicyTexts()
  if (!ready) return null
  const sections = t(`policies.${policy}.sections`, { returnObjects: true }) as unknown
  return (
    <GuestFrame title={t(`policies.${policy}.title`)} subtitle={t(`policies.${policy}.edition`)} wide>
      <Text>
        {Array.isArray(sections) &&
          (sections as Section[]).map(section => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.text.map(paragraph => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        <p>
          <Link href="/register">{t('policies.backToRegister')}</Link>
        </p>
      </Text>
    </GuestFrame>
  )
}

export function PersonalDataPolicyPage() {
  return <PolicyPage policy="personalData" />
}

export function EdoRegulationPage() {
  return <PolicyPage policy="edo" />
}
