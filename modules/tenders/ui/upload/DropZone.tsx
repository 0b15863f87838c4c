import { useRef, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Button } from '../../../../core/ui/Button'

const Zone = styled.div<{ $over: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $over }) => ($over ? theme.color.primarySoft : theme.color.surface)};
  text-align: center;
`
const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`

/**
 * Where a tender file goes: dropped on the zone, or chosen with its button (the keyboard's and screen readers'
 * way in: a real button opening the browser's file dialog).
 */
export function DropZone({ onFile, isDisabled }: { onFile: (file: File) => void; isDisabled: boolean }) {
  const t = useT('tenders')
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  return (
    <Zone
      $over={over}
      data-testid="import-drop"
      onDragOver={e => {
        e.preventDefault()
        if (!isDisabled) setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={e => {
        e.preventDefault()
        setOver(false)
        const file = e.dataTransfer.files[0]
        if (file && !isDisabled) onFile(file)
      }}
    >
      <span aria-hidden="true">{t('import.drop')}</span>
      <Hidden
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file"
        onChange={e => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
      {/* Enter opens the chooser on the button's keydown, inside the key's user activation (a press on keyup could be
          lost to a re-render in between). */}
      <Button variant="primary" onPress={() => input.current?.click()} isDisabled={isDisabled} data-testid="import-choose">
        {t('import.choose')}
      </Button>
    </Zone>
  )
}
