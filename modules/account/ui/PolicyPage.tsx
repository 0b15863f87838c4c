import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import type { PolicyKey } from '../policies'
import { GuestFrame } from './GuestFrame'

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
